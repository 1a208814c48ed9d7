import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../http/app-error.js';
import { sendError } from '../http/error-handler.js';
import { renderPage } from './page.js';

const API_PATH = /^\/(api|cable)(\/|$|\?)/;

/**
 * Serves the built web app: hashed assets with a long cache, and the page itself for every other GET so
 * client-side routes work on reload. Unknown /api paths keep the JSON 404 of the contract.
 */
export async function webRoutes(
  app: FastifyInstance,
  { config, webRoot }: { config: Config; webRoot: string | null },
) {
  const indexFile = webRoot ? join(webRoot, 'index.html') : null;
  const page =
    indexFile && existsSync(indexFile) ? renderPage(readFileSync(indexFile, 'utf8'), config) : null;

  if (webRoot && page) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      cacheControl: false,
      // Routes for the files present at start: anything else falls to the page or a JSON 404.
      wildcard: false,
    });
    // Vite names assets by content hash, so they can be kept for good; other files may change.
    app.addHook('onSend', async (request, reply) => {
      if (request.routeOptions.url?.startsWith('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (reply.statusCode === 200 && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'public, max-age=3600');
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url);
    if (!wantsPage) {
      return sendError(reply, new AppError(404, 'not_found', `There is no ${request.method} ${path} here.`));
    }
    if (!page) {
      return sendError(
        reply,
        new AppError(
          503,
          'not_built',
          'The web app has not been built yet. Run "npm run build" and restart.',
        ),
      );
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}
