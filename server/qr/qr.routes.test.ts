import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, dumpDatabase, meStatus, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { captureLogs } from '../test/logs.js';

const PUBLIC_URL = 'https://bull.example';

let current: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await current?.close();
  current = undefined;
});

async function start(
  dialect: (typeof testDialects)[number],
  options: Parameters<typeof buildTestApp>[0] = {},
) {
  current = await buildTestApp({ dialect, env: { PUBLIC_URL }, ...options });
  return current.app;
}

type App = TestApp['app'];
const checkPassword = (app: App, token: string | null, password?: string) =>
  app.inject({
    url: '/api/v1/check_chromes_password',
    query: password === undefined ? {} : { password },
    headers: token ? bearer(token) : {},
  });
const tokenLogin = (app: App, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { session: { auth_token: token } } });

describe.each(testDialects)('GET /api/v1/check_chromes_password on %s', (dialect) => {
  it('confirms the password and returns the QR code, link and expiry of a pending 5-minute token', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    const before = Date.now();
    const reply = await checkPassword(app, user.auth_token, STRONG_PASSWORD);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const body = reply.json();
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'link', 'qr_code']);
    expect(body.link).toMatch(new RegExp(`^${PUBLIC_URL}/login#auth_token=[A-Za-z0-9_-]{43}$`));
    const expiresIn = Date.parse(body.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(4.9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000 + 1000);

    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = Buffer.from(body.qr_code.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox/);
    // The encoder is deterministic: the same symbol for the same text is proof the code holds the link.
    expect(svg).toBe(await QRCode.toString(body.link, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }));

    const { sessions } = await dumpDatabase(app);
    const qr = sessions.find((session) => session.kind === 'qr');
    expect(qr).toMatchObject({ pending: 1, expires_at: body.expires_at, user_agent: null });
  });

  it('issues a token that signs in another device once, and only then tells the first about it', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    const sessionCreated = vi.spyOn(app.ctx.events, 'sessionCreated');
    const token = (await checkPassword(app, user.auth_token, STRONG_PASSWORD)).json().link.split('=')[1];
    expect(await meStatus(app, token)).toBe(401);
    expect(sessionCreated).not.toHaveBeenCalled();

    const login = await tokenLogin(app, token);
    expect(login.statusCode, login.body).toBe(200);
    const { auth_token: redeemed } = login.json();
    expect(login.json()).toMatchObject({ id: user.id, email: user.email });
    expect(redeemed).not.toBe(token);
    expect(sessionCreated).toHaveBeenCalledExactlyOnceWith(user.id, 'qr');
    expect(await meStatus(app, redeemed)).toBe(200);
    expect(await meStatus(app, token)).toBe(401);
    const again = await tokenLogin(app, token);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('invalid_token');
    expect(sessionCreated).toHaveBeenCalledOnce();
  });

  it('issues a token that dies unused after 5 minutes', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    const token = (await checkPassword(app, user.auth_token, STRONG_PASSWORD)).json().link.split('=')[1];
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    const login = await tokenLogin(app, token);
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe('invalid_token');
  });

  it('answers 400 without a password, before any password check', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    for (const password of [undefined, '']) {
      const reply = await checkPassword(app, user.auth_token, password);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        error: 'invalid_request',
        message: 'Please enter your password to get a sign-in code.',
      });
    }
    const repeated = await app.inject({
      url: '/api/v1/check_chromes_password?password=a&password=b',
      headers: bearer(user.auth_token),
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe('invalid_request');
  });

  it('answers 401 invalid_token without a token or with a bad one, and issues nothing', async () => {
    const app = await start(dialect);
    await signUpUser(app);
    for (const token of [null, 'A'.repeat(43), 'not a token']) {
      const reply = await checkPassword(app, token, STRONG_PASSWORD);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({
        error: 'invalid_token',
        message: 'Your session has ended or is not valid. Please sign in again.',
      });
    }
    const { sessions } = await dumpDatabase(app);
    expect(sessions.filter((session) => session.kind === 'qr')).toEqual([]);
  });

  it('answers 403 for a wrong password and issues nothing', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    const reply = await checkPassword(app, user.auth_token, 'not my password');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({
      error: 'invalid_credentials',
      message: 'That password is not correct. Please try again.',
    });
    const { sessions } = await dumpDatabase(app);
    expect(sessions.filter((session) => session.kind === 'qr')).toEqual([]);
  });

  it('answers 429 with Retry-After past the per-user limit, right or wrong password, for that user only', async () => {
    const app = await start(dialect, {
      rateLimits: { settings: { qrPerUser: { limit: 2, windowMs: 60_000 } } },
    });
    const ada = await signUpUser(app);
    const bob = await signUpUser(app, { email: 'bob@example.com' });
    expect((await checkPassword(app, ada.auth_token, 'wrong guess')).statusCode).toBe(403);
    expect((await checkPassword(app, ada.auth_token, STRONG_PASSWORD)).statusCode).toBe(200);
    const limited = await checkPassword(app, ada.auth_token, STRONG_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await checkPassword(app, bob.auth_token, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the password and the token out of the log', async () => {
    const logs = captureLogs();
    const app = await start(dialect, { logger: logs.logger });
    const user = await signUpUser(app);
    const reply = await checkPassword(app, user.auth_token, STRONG_PASSWORD);
    const token = reply.json().link.split('=')[1];
    await checkPassword(app, user.auth_token, 'wrong guess');
    expect(logs.text()).toContain('/api/v1/check_chromes_password?password=[REDACTED]');
    for (const secret of [
      STRONG_PASSWORD,
      encodeURIComponent(STRONG_PASSWORD),
      'wrong guess',
      'wrong+guess',
      token,
    ]) {
      expect(logs.text()).not.toContain(secret);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const app = await start(dialect);
    const doc = (await app.inject('/api/openapi.json')).json();
    const call = doc.paths['/api/v1/check_chromes_password'].get;
    expect(Object.keys(call.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    expect(call.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'password',
      'code',
    ]);
  });
});
