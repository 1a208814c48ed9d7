import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimitRule } from '../rate-limit/rate-limits.js';
import { bearer, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const THREE: RateLimitRule = { limit: 3, windowMs: 60_000 };

async function start(dialect: (typeof testDialects)[number], settings: Parameters<typeof buildTestApp>[0]) {
  current = await buildTestApp({ dialect, ...settings });
  return current.app;
}

type App = TestApp['app'];
const from = (ip: string) => ({ remoteAddress: ip });

function expectLimited(reply: Awaited<ReturnType<App['inject']>>) {
  expect(reply.statusCode).toBe(429);
  const retryAfter = Number(reply.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  // The sentence names the wait Retry-After gives: the full minute of the window, or, when the calls before
  // took a second or more (argon2 on a busy machine), the seconds left of it.
  const wait = retryAfter === 60 ? '1 minute' : `${retryAfter} seconds`;
  expect(reply.json()).toEqual({
    error: 'too_many_requests',
    message: `Too many attempts. Please wait ${wait} and try again.`,
  });
}

describe.each(testDialects)('rate limits on %s', (dialect) => {
  const login = (app: App, ip: string, email: string, password = 'not the password') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      ...from(ip),
      payload: { session: { email, password } },
    });
  const remove = (app: App, ip: string, email: string, password = 'not the password') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/delete_user_with_token',
      ...from(ip),
      payload: { email, password },
    });
  const reset = (app: App, ip: string, email: string) =>
    app.inject({ method: 'POST', url: '/api/v2/reset_password', ...from(ip), payload: { email } });

  it('limit password sign-in per IP, whatever the account', async () => {
    const app = await start(dialect, { rateLimits: { settings: { signInPerIp: THREE } } });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      expect((await login(app, '198.51.100.1', email)).statusCode).toBe(401);
    expectLimited(await login(app, '198.51.100.1', 'd@example.com'));
    expect((await login(app, '198.51.100.2', 'd@example.com')).statusCode).toBe(401);
  });

  it('limit password sign-in per account however many IPs are used, right password included', async () => {
    const app = await start(dialect, { rateLimits: { settings: { signInPerAccount: THREE } } });
    await signUpUser(app);
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect((await login(app, ip, 'ada@example.com')).statusCode).toBe(401);
    expectLimited(await login(app, '198.51.100.4', 'ADA@example.com', STRONG_PASSWORD));
    expect((await login(app, '198.51.100.4', 'grace@example.com')).statusCode).toBe(401);
  });

  it('do not count token sign-ins against the password limits', async () => {
    const app = await start(dialect, { rateLimits: { settings: { signInPerIp: THREE } } });
    const user = await signUpUser(app);
    for (let i = 0; i < 5; i += 1) {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { session: { auth_token: user.auth_token } },
      });
      expect(reply.statusCode).toBe(200);
    }
  });

  it('limit deletion per IP and per account', async () => {
    const app = await start(dialect, {
      rateLimits: { settings: { deletePerIp: THREE, deletePerAccount: THREE } },
    });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      expect((await remove(app, '198.51.100.1', email)).json().success).toBe(false);
    expectLimited(await remove(app, '198.51.100.1', 'd@example.com'));
    for (const ip of ['198.51.100.2', '198.51.100.3', '198.51.100.4'])
      expect((await remove(app, ip, 'e@example.com')).statusCode).toBe(200);
    expectLimited(await remove(app, '198.51.100.5', 'e@example.com'));
  });

  it('limit reset requests per IP and per e-mail', async () => {
    const app = await start(dialect, {
      rateLimits: { settings: { resetPerIp: THREE, resetPerEmail: THREE } },
    });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      expect((await reset(app, '198.51.100.1', email)).statusCode).toBe(204);
    expectLimited(await reset(app, '198.51.100.1', 'd@example.com'));
    for (const ip of ['198.51.100.2', '198.51.100.3', '198.51.100.4'])
      expect((await reset(app, ip, 'e@example.com')).statusCode).toBe(204);
    expectLimited(await reset(app, '198.51.100.5', ' E@example.com'));
  });

  it('limit sign-up per IP and password changes per user', async () => {
    const app = await start(dialect, {
      rateLimits: { settings: { signUpPerIp: { limit: 1, windowMs: 60_000 }, changePasswordPerUser: THREE } },
    });
    const user = await signUpUser(app);
    expectLimited(
      await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        payload: { user: { email: 'grace@example.com', password: STRONG_PASSWORD } },
      }),
    );
    const change = () =>
      app.inject({
        method: 'PUT',
        url: '/api/v2/change_password',
        headers: bearer(user.auth_token),
        payload: { current_password: 'not the password', password: 'a brand new password' },
      });
    for (let i = 0; i < 3; i += 1) expect((await change()).statusCode).toBe(403);
    expectLimited(await change());
  });
});
