import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_PREFIX } from '../../contract/app.js';
import type { DbOrTx } from '../db/database.js';
import { isForeignKeyViolation } from '../db/errors.js';
import { generateToken, hashToken, looksLikeToken } from '../sessions/session-token.js';
import { normaliseEmail } from '../users/email-address.js';
import {
  deleteDeviceCookiesBefore,
  deleteDeviceCookiesOf,
  heldFor,
  insertDeviceCookie,
  isDeviceOf,
} from './device-cookies.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    deviceCookies: DeviceCookies;
  }
}

export const DEVICE_COOKIE = `${APP_PREFIX}_device`;
/** Accounts one browser is remembered for; the oldest goes first. */
const MAX_ACCOUNTS = 5;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface DeviceCookies {
  /** Whether this browser signed in to the account of `email` before (OWASP "device cookies"). */
  recognises(request: FastifyRequest, email: string): Promise<boolean>;
  /** After a successful sign-in: remembers the account in this browser's cookie. */
  remember(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /**
   * The same in two steps, for a sign-in that has a transaction of its own: `record` writes the row inside
   * it, and `setOn` gives the cookie only once it has committed, so a sign-in that fails leaves no cookie
   * naming a row that was never kept.
   */
  forBrowser(request: FastifyRequest): BrowserDevice;
}

/** One browser's device cookie during one sign-in. */
export interface BrowserDevice {
  /** Writes the row for this browser and account, unless the browser already holds one for it. */
  record(db: DbOrTx, userId: number): Promise<void>;
  /** After the sign-in's commit: the cookie naming the new row first (nothing when none was written). */
  setOn(reply: FastifyReply): void;
}

/**
 * A browser that has signed in to an account carries a cookie naming it, so a stranger's guesses that
 * throttle the account do not lock its owner out. Per browser and account the cookie holds a random id
 * (32 bytes, like a session token) and the `device_cookies` table only its SHA-256 (DESIGN 7): no two
 * browsers share one, a copy of the database forges none, and a completed reset voids every one of the
 * account (a recovery step). HttpOnly (no script reads it), SameSite=Strict, Secure on https.
 */
async function deviceCookies(app: FastifyInstance) {
  const { db } = app.ctx;
  const idsIn = (request: FastifyRequest) =>
    (request.cookies[DEVICE_COOKIE] ?? '').split('.').filter(looksLikeToken).slice(0, MAX_ACCOUNTS);

  const forBrowser = (request: FastifyRequest): BrowserDevice => {
    const held = idsIn(request);
    let added: string | undefined;
    return {
      async record(db, userId) {
        // A browser already remembered for this account keeps its id.
        if (await heldFor(db, { tokenHashes: held.map(hashToken), userId })) return;
        const id = generateToken();
        await insertDeviceCookie(db, {
          user_id: userId,
          token_hash: hashToken(id),
          created_at: new Date().toISOString(),
        });
        added = id;
      },
      setOn(reply) {
        if (added === undefined) return;
        reply.setCookie(DEVICE_COOKIE, [added, ...held].slice(0, MAX_ACCOUNTS).join('.'), {
          path: '/api/',
          httpOnly: true,
          sameSite: 'strict',
          secure: app.config.secureCookies,
          maxAge: YEAR_SECONDS,
        });
      },
    };
  };

  app.decorate('deviceCookies', {
    recognises: (request, email) =>
      isDeviceOf(db, { tokenHashes: idsIn(request).map(hashToken), email: normaliseEmail(email) }),
    forBrowser,
    async remember(request, reply, userId) {
      const device = forBrowser(request);
      try {
        await device.record(db, userId);
      } catch (error) {
        // PostgreSQL: the account was deleted since this sign-in; there is nothing to remember.
        if (isForeignKeyViolation(error)) return;
        throw error;
      }
      device.setOn(reply);
    },
  } satisfies DeviceCookies);

  app.accountRecovery.add('device cookies', async (tx, { userId, reason }) => {
    if (reason === 'password_reset') await deleteDeviceCookiesOf(tx, userId);
  });
  app.housekeeping.add('device_cookies', (tx, at) =>
    deleteDeviceCookiesBefore(tx, new Date(Date.parse(at) - YEAR_SECONDS * 1000).toISOString()),
  );
}

export default fp(deviceCookies, {
  name: 'device-cookies',
  dependencies: ['config', 'app-context', 'xsrf', 'account-extensions', 'housekeeping'],
});
