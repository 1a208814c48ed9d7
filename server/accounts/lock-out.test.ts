import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { RateLimitSettings } from '../rate-limit/rate-limits.js';
import { DEVICE_COOKIE } from '../security/device-cookie.js';
import {
  bearer,
  changeWithToken,
  meStatus,
  requestReset,
  resetLinkFor,
  signUpUser,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import {
  appKeysEnvFor,
  createTestDatabase,
  testDialects,
  type TestDialect,
  testRedisPrefix,
} from '../test/helper.js';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const roomy = { limit: 1000, windowMs: 60_000 };
const CAP = 5;
const LOCKED = {
  error: 'account_locked',
  message:
    'Too many wrong passwords were tried for this account, so passwords are not accepted for it now. Use "Forgot password?" to set a new one.',
};
const NEW_PASSWORD = 'lantern orchard evening';
const WRONG = 'not the password';
const LOCK_SUBJECT = 'Password sign-in to your BullApp account is stopped';

/** Instances on one database (and one Redis, when given), with a small cap so a test stays quick. */
async function start(
  dialect: TestDialect,
  {
    instances = 1,
    redisUrl,
    settings = {},
    env = {},
  }: {
    instances?: number;
    redisUrl?: string;
    settings?: Partial<RateLimitSettings>;
    env?: Record<string, string>;
  } = {},
) {
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-lock-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const database = await createTestDatabase(dialect, folder);
  const redis = redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: testRedisPrefix() } : {};
  const apps: FastifyInstance[] = [];
  for (let n = 0; n < instances; n += 1) {
    const config = loadConfig({
      DATABASE_URL: database.url,
      ...appKeysEnvFor(database.url),
      OUTBOX_DIR: join(folder, 'outbox'),
      LOG_LEVEL: 'silent',
      SMTP_URL: smtp.url,
      ...redis,
      ...env,
    });
    const app = await buildApp({
      config,
      webRoot: null,
      overrides: {
        rateLimits: {
          settings: {
            signInPerIp: roomy,
            signInPerAccount: roomy,
            deletePerIp: roomy,
            deletePerAccount: roomy,
            changePasswordPerUser: roomy,
            qrPerUser: roomy,
            passwordFailuresPerAccount: { limit: CAP, windowMs: 60_000 },
            ...settings,
          },
        },
      },
    });
    await app.ready();
    cleanups.push(() => app.close());
    apps.push(app);
  }
  return { smtp, apps: apps as [FastifyInstance, ...FastifyInstance[]] };
}

type App = FastifyInstance;
const login = (app: App, password: string, { email = 'ada@example.com', cookie = '' } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/login',
    cookies: cookie ? { [DEVICE_COOKIE]: cookie } : {},
    payload: { session: { email, password } },
  });
const remove = (app: App, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/delete_user_with_token',
    payload: { email: 'ada@example.com', password },
  });
const qrCheck = (app: App, token: string, password: string) =>
  app.inject({ url: '/api/v1/check_chromes_password', query: { password }, headers: bearer(token) });
const changeWithCurrent = (app: App, token: string, current: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/v2/change_password',
    headers: bearer(token),
    payload: { current_password: current, password: NEW_PASSWORD },
  });

async function useResetLink(app: App, smtp: TestSmtpServer) {
  const since = smtp.mails.length;
  expect((await requestReset(app, 'ada@example.com')).statusCode).toBe(204);
  const { token } = await resetLinkFor(smtp, 'ada@example.com', since);
  expect((await changeWithToken(app, token, NEW_PASSWORD)).statusCode).toBe(204);
}

const lockMails = (smtp: TestSmtpServer) => smtp.mails.filter((mail) => mail.subject === LOCK_SUBJECT);

describe.each(testDialects)('password checks of one account on %s', (dialect) => {
  it('count together across sign-in, deletion, QR code and password change, and stop at the cap, right password too', async () => {
    const { smtp, apps } = await start(dialect);
    const [app] = apps;
    const { auth_token: token } = await signUpUser(app);
    expect((await login(app, WRONG)).statusCode).toBe(401);
    expect((await login(app, WRONG)).statusCode).toBe(401);
    expect((await remove(app, WRONG)).json().success).toBe(false);
    expect((await qrCheck(app, token, WRONG)).statusCode).toBe(403);
    expect((await changeWithCurrent(app, token, WRONG)).statusCode).toBe(403);
    for (const reply of [
      await login(app, STRONG_PASSWORD),
      await remove(app, STRONG_PASSWORD),
      await qrCheck(app, token, STRONG_PASSWORD),
      await changeWithCurrent(app, token, STRONG_PASSWORD),
    ]) {
      expect(reply.statusCode).toBe(429);
      expect(reply.json()).toEqual(LOCKED);
    }
    // Signed-in devices stay signed in; the owner is told once, however many guesses follow.
    expect(await meStatus(app, token)).toBe(200);
    const mail = await smtp.waitForMail('ada@example.com');
    expect(mail.subject).toBe(LOCK_SUBJECT);
    expect(mail.text).toContain('100 times in a row');
    expect(mail.text).toContain('/reset-password');
    await login(app, WRONG);
    await requestReset(app, 'nobody@example.com');
    expect(lockMails(smtp)).toHaveLength(1);
  });

  it('unlock once a reset link is used: the new password works and the count starts again', async () => {
    const { smtp, apps } = await start(dialect);
    const [app] = apps;
    await signUpUser(app);
    for (let n = 0; n < CAP; n += 1) await login(app, WRONG);
    expect((await login(app, STRONG_PASSWORD)).json()).toEqual(LOCKED);
    await smtp.waitForMail('ada@example.com'); // the lock mail, so the next one read is the reset link
    await useResetLink(app, smtp);
    expect((await login(app, NEW_PASSWORD)).statusCode).toBe(200);
    for (let n = 0; n < CAP - 1; n += 1) expect((await login(app, WRONG)).statusCode).toBe(401);
    expect((await login(app, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('count failures in a row: a success starts the count again', async () => {
    const { apps } = await start(dialect);
    const [app] = apps;
    await signUpUser(app);
    for (let round = 0; round < 3; round += 1) {
      for (let n = 0; n < CAP - 1; n += 1) expect((await login(app, WRONG)).statusCode).toBe(401);
      expect((await login(app, STRONG_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('let the right password through as the check that reaches the cap, and mail no lock', async () => {
    const { smtp, apps } = await start(dialect);
    const [app] = apps;
    await signUpUser(app);
    for (let n = 0; n < CAP - 1; n += 1) expect((await login(app, WRONG)).statusCode).toBe(401);
    expect((await login(app, STRONG_PASSWORD)).statusCode).toBe(200);
    // Every mail the sign-in dispatched has reached the SMTP server once the mailer is flushed.
    await app.ctx.mailer.flush();
    expect(lockMails(smtp)).toEqual([]);
    expect((await login(app, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('give an unknown address the same reply at the cap, and mail nobody', async () => {
    const { smtp, apps } = await start(dialect);
    const [app] = apps;
    for (let n = 0; n < CAP; n += 1)
      expect((await login(app, WRONG, { email: 'ghost@example.com' })).statusCode).toBe(401);
    const reply = await login(app, WRONG, { email: 'ghost@example.com' });
    expect(reply.statusCode).toBe(429);
    expect(reply.json()).toEqual(LOCKED);
    expect(smtp.mails).toEqual([]);
  });
});

describe.each(testDialects)('the per-account sign-in throttle on %s', (dialect) => {
  const throttled = { signInPerAccount: { limit: 2, windowMs: 60_000 } };

  it('is lifted by a completed reset', async () => {
    const { smtp, apps } = await start(dialect, { settings: throttled });
    const [app] = apps;
    await signUpUser(app);
    await login(app, WRONG);
    await login(app, WRONG);
    expect((await login(app, STRONG_PASSWORD)).json().error).toBe('too_many_requests');
    await useResetLink(app, smtp);
    expect((await login(app, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('does not hold back a browser that signed in to the account before (device cookie), but the cap does', async () => {
    const { apps } = await start(dialect, { settings: throttled });
    const [app] = apps;
    await signUpUser(app);
    const first = await login(app, STRONG_PASSWORD);
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).not.toContain('ada');
    // A stranger's guesses throttle the account...
    await login(app, WRONG);
    await login(app, WRONG);
    expect((await login(app, STRONG_PASSWORD)).json().error).toBe('too_many_requests');
    // ...but not for the owner's browser, nor for a forged or another account's cookie.
    expect((await login(app, STRONG_PASSWORD, { cookie: cookie!.value })).statusCode).toBe(200);
    expect((await login(app, STRONG_PASSWORD, { cookie: 'A'.repeat(43) })).statusCode).toBe(429);
    await signUpUser(app, { email: 'bob@example.com' });
    const bobs = (await login(app, STRONG_PASSWORD, { email: 'bob@example.com' })).cookies.find(
      (c) => c.name === DEVICE_COOKIE,
    );
    expect((await login(app, STRONG_PASSWORD, { cookie: bobs!.value })).statusCode).toBe(429);
    // The owner's browser counts against the cap like any other.
    for (let n = 0; n < CAP; n += 1) await login(app, WRONG, { cookie: cookie!.value });
    expect((await login(app, STRONG_PASSWORD, { cookie: cookie!.value })).json()).toEqual(LOCKED);
  });

  it('sets the device cookie Secure when the app is served over https', async () => {
    const { apps } = await start(dialect, { env: { PUBLIC_URL: 'https://bull.example' } });
    const [app] = apps;
    await signUpUser(app);
    const cookie = (await login(app, STRONG_PASSWORD)).cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie?.secure).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.each(redisUrl ? testDialects.filter((dialect) => dialect === 'postgres') : [])(
  'two instances on %s and Redis',
  (dialect) => {
    it('share one count per account, and a reset on one clears it for both', async () => {
      const { smtp, apps } = await start(dialect, { instances: 2, redisUrl });
      const [first, second] = apps as [App, App];
      await signUpUser(first);
      for (let n = 0; n < CAP; n += 1) await login(n % 2 ? first : second, WRONG);
      expect((await login(first, STRONG_PASSWORD)).json()).toEqual(LOCKED);
      expect((await login(second, STRONG_PASSWORD)).json()).toEqual(LOCKED);
      await smtp.waitForMail('ada@example.com'); // the lock mail, so the next one read is the reset link
      await useResetLink(first, smtp);
      expect((await login(second, NEW_PASSWORD)).statusCode).toBe(200);
      // Two apps and a dozen argon2 checks: more than the default 20 s on a loaded machine.
    }, 60_000);
  },
);
