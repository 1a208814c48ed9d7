import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchWebRoute } from '../../contract/web-routes.js';
import type { Config } from '../config.js';
import { notBuilt, notFound } from '../http/errors.js';
import { sendError } from '../http/error-handler.js';
import { pickEncoding } from './page-encoding.js';
import { loadPages } from './pages.js';
import { robotsTxt } from './robots.js';

const API_PATH = /^\/(api|cable)(\/|$|\?)/;

/**
 * Serves the built web app: hashed assets with a long cache, the page of each route of the web app
 * (contract/web-routes.ts) so client-side routes work on reload, and the not-found page with status 404 at
 * every other path. Unknown /api paths keep the JSON 404 of the contract.
 */
export async function webRoutes(
  app: FastifyInstance,
  { config, webRoot }: { config: Config; webRoot: string | null },
) {
  const pages = webRoot ? loadPages(webRoot, config) : null;
  const robots = robotsTxt();

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  if (webRoot && pages) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      cacheControl: false,
      // Routes for the files present at start: anything else falls to the page or a JSON 404.
      wildcard: false,
      // The build writes .br and .gz copies beside each asset (scripts/compress-web.mjs): sent as they are,
      // with Vary: Accept-Encoding. The copies get no routes of their own, nor do the unfilled pages.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'index.html', 'pages/**'],
    });
    // The favicon is the logo, an SVG (web/public/favicon.svg) that the page links to; this address is
    // where browsers and crawlers look for one without a link.
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
      reply.redirect('/favicon.svg', 301),
    );
    // Vite names assets by content hash, so they can be kept for good; other files may change.
    // Synchronous: it runs on every reply, and an async hook costs a promise and a microtask turn.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.routeOptions.url?.startsWith('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (reply.statusCode === 200 && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'public, max-age=3600');
      done(null, payload);
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url);
    if (!wantsPage) {
      return sendError(reply, notFound(request.method, path));
    }
    const route = matchWebRoute(path);
    if (!pages) {
      return sendError(reply, route ? notBuilt() : notFound(request.method, path));
    }
    const page = route ? pages.byRoute[route] : pages.notFound;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply
      .code(route ? 200 : 404)
      .ensureXsrfCookie()
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  });
}
