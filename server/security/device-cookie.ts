import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_PREFIX } from '../../contract/app.js';
import { getOrCreateSecret } from '../audit/app-secrets.repository.js';
import { normaliseEmail } from '../users/email-address.js';

declare module 'fastify' {
  interface FastifyInstance {
    deviceCookies: DeviceCookies;
  }
}

export const DEVICE_COOKIE = `${APP_PREFIX}_device`;
/** The `app_secrets` row whose value signs device cookies. */
export const DEVICE_COOKIE_KEY_NAME = 'device_cookie_key';
/** Accounts one browser is remembered for; the oldest goes first. */
const MAX_ACCOUNTS = 5;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface DeviceCookies {
  /** Whether this browser signed in to the account of `email` before (OWASP "device cookies"). */
  recognises(request: FastifyRequest, email: string): boolean;
  /** After a successful sign-in: remembers the account in this browser's cookie. */
  remember(request: FastifyRequest, reply: FastifyReply, email: string): void;
}

/**
 * A browser that has signed in to an account carries a cookie naming it, so a stranger's guesses that
 * throttle the account do not lock its owner out. The cookie holds, per account, an HMAC of the address
 * with the app's secret: it names the account to this server only, and cannot be forged or moved to
 * another account. HttpOnly (no script reads it), SameSite=Strict, Secure on https.
 */
async function deviceCookies(app: FastifyInstance) {
  let key: Buffer | undefined;
  app.addHook('onReady', async () => {
    const stored = await getOrCreateSecret(
      app.database.db,
      DEVICE_COOKIE_KEY_NAME,
      randomBytes(32).toString('base64url'),
    );
    key = Buffer.from(stored, 'base64url');
  });
  const tagOf = (email: string) => {
    if (!key) throw new Error('The device cookie key is not loaded yet.');
    return createHmac('sha256', key).update(normaliseEmail(email)).digest('base64url');
  };
  const tagsIn = (request: FastifyRequest) =>
    (request.cookies[DEVICE_COOKIE] ?? '').split('.').filter(Boolean);
  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  app.decorate('deviceCookies', {
    recognises(request, email) {
      const tag = tagOf(email);
      return tagsIn(request).some((held) => same(held, tag));
    },
    remember(request, reply, email) {
      const tag = tagOf(email);
      const tags = [tag, ...tagsIn(request).filter((held) => held !== tag)].slice(0, MAX_ACCOUNTS);
      reply.setCookie(DEVICE_COOKIE, tags.join('.'), {
        path: '/api/',
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.secureCookies,
        maxAge: YEAR_SECONDS,
      });
    },
  } satisfies DeviceCookies);
}

export default fp(deviceCookies, { name: 'device-cookies', dependencies: ['config', 'app-context', 'xsrf'] });
