import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contract/app.js';
import { invalidXsrfToken } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route a provider's cross-site POST reaches (the form_post callback of DESIGN 14): it cannot carry the
     * header, and its own state check is its proof. Nothing else may set it.
     */
    xsrfExempt?: boolean;
  }
  interface FastifyReply {
    /** Sets the XSRF-TOKEN cookie unless the request brought one: the page calls this when it is served. */
    ensureXsrfCookie(): FastifyReply;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An empty token matches nothing, not even another empty one. */
function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length > 0 && left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A call made by a page of this site in a browser (fetch metadata, sent by every current browser): the one
 * kind of API call that needs the cookie, when its page lost it (cleared cookies, a page served by Vite).
 */
const fromOwnPage = (request: FastifyRequest) => request.headers['sec-fetch-site'] === 'same-origin';

/**
 * Double-submit cookie: the server sets XSRF-TOKEN, the page echoes it in X-XSRF-TOKEN on mutating calls.
 * A request that carries the cookie without the matching header came from a browser that was tricked: 403.
 * Requests without the cookie (API clients with a Bearer token) are not exposed to CSRF and pass.
 * The cookie is minted only where a page will read it: with the HTML page, and on a call from one of the
 * site's pages that came without it. API clients never get one (it would cost random bytes per request).
 */
async function xsrf(app: FastifyInstance) {
  const { config } = app;
  const options = { path: '/', sameSite: 'strict', secure: config.secureCookies, httpOnly: false } as const;
  await app.register(cookie);
  app.decorateReply('ensureXsrfCookie', function (this: FastifyReply) {
    if (!this.request.cookies[XSRF_COOKIE]) {
      this.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), options);
    }
    return this;
  });
  app.addHook('onRequest', (request, reply, done) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    // Only a request with no cookie at all is a client outside any browser's reach; an empty cookie is a
    // cookie (one a subdomain or a tricked page could plant), so it needs a matching, non-empty header.
    if (cookieToken === undefined) {
      if (fromOwnPage(request)) reply.ensureXsrfCookie();
      return done();
    }
    if (cookieToken === '' && fromOwnPage(request)) reply.ensureXsrfCookie();
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.xsrfExempt) return done();
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !sameToken(header, cookieToken)) return done(invalidXsrfToken());
    done();
  });
}

export default fp(xsrf, { name: 'xsrf', dependencies: ['config', 'error-handling'] });
