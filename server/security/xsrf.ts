import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contract/app.js';
import type { Config } from '../config.js';
import { AppError } from '../http/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit cookie: the server sets XSRF-TOKEN, the page echoes it in X-XSRF-TOKEN on mutating calls.
 * A request that carries the cookie without the matching header came from a browser that was tricked: 403.
 * Requests without the cookie (API clients with a Bearer token) are not exposed to CSRF and pass.
 */
export async function registerXsrf(app: FastifyInstance, config: Config) {
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: config.secureCookies,
        httpOnly: false,
      });
      return;
    }
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !sameToken(header, cookieToken)) {
      throw new AppError(
        403,
        'invalid_xsrf_token',
        'This request could not be verified. Please reload the page and try again.',
      );
    }
  });
}
