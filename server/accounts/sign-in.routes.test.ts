import { hash, parseOptions } from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSession } from '../sessions/sessions.service.js';
import { bearer, dumpDatabase, meStatus, signIn, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await current?.close();
  current = undefined;
});

async function start(dialect: (typeof testDialects)[number]) {
  current = await buildTestApp({ dialect });
  return current.app;
}

type App = TestApp['app'];
const login = (app: App, session: object) =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { session } });
const INVALID_CREDENTIALS = { error: 'invalid_credentials', message: 'Invalid email or password.' };
const INVALID_TOKEN = {
  error: 'invalid_token',
  message: 'Your session has ended or is not valid. Please sign in again.',
};

describe.each(testDialects)('POST /api/v1/login with e-mail and password on %s', (dialect) => {
  it('answers 200 with the user JSON and a new token; the e-mail matches in any case', async () => {
    const app = await start(dialect);
    const sessionCreated = vi.spyOn(app.ctx.events, 'sessionCreated');
    const signedUp = await signUpUser(app);
    const reply = await login(app, { email: ' ADA@example.com', password: STRONG_PASSWORD });
    expect(reply.statusCode).toBe(200);
    const user = reply.json();
    expect(user).toEqual({ ...signedUp, auth_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(user.auth_token).not.toBe(signedUp.auth_token);
    expect(await meStatus(app, user.auth_token)).toBe(200);
    expect(await meStatus(app, signedUp.auth_token)).toBe(200);
    expect(sessionCreated).toHaveBeenLastCalledWith(user.id, 'password');
    const { sessions, audit_events } = await dumpDatabase(app);
    expect(sessions.map((s) => s.kind)).toEqual(['signup', 'password']);
    expect(audit_events.map((e) => e.event)).toEqual(['sign_up', 'sign_in']);
  });

  it('answers 401 invalid_credentials, identically, for a wrong password and an unknown e-mail', async () => {
    const app = await start(dialect);
    await signUpUser(app);
    const wrong = await login(app, { email: 'ada@example.com', password: 'not the password' });
    const unknown = await login(app, { email: 'nobody@example.com', password: 'not the password' });
    for (const reply of [wrong, unknown]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(INVALID_CREDENTIALS);
    }
    expect(unknown.body).toBe(wrong.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
    const { audit_events } = await dumpDatabase(app);
    expect(audit_events.map((e) => e.event)).toEqual(['sign_up', 'sign_in_failed', 'sign_in_failed']);
    expect(JSON.stringify(audit_events)).not.toContain('example.com');
  });

  it('replaces a hash made with older parameters at sign-in', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    const old = await hash(STRONG_PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await app.database.db
      .updateTable('users')
      .set({ password_hash: old })
      .where('id', '=', user.id)
      .execute();
    await signIn(app);
    const stored = await app.database.db
      .selectFrom('users')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toBe(old);
    expect(parseOptions(stored.password_hash!)).toMatchObject({
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    await signIn(app);
  });
});

describe.each(testDialects)('POST /api/v1/login with a stored token on %s', (dialect) => {
  it('answers 200 with the same token and writes nothing', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    const before = await dumpDatabase(app);
    const reply = await login(app, { auth_token: user.auth_token });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual(user);
    expect(await dumpDatabase(app)).toEqual(before);
  });

  it('answers 401 invalid_token for an unknown, malformed or revoked token', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    for (const token of ['', 'nope', 'A'.repeat(43), `${user.auth_token}A`]) {
      const reply = await login(app, { auth_token: token });
      expect(reply.statusCode, token).toBe(401);
      expect(reply.json()).toEqual(INVALID_TOKEN);
    }
    await app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(user.auth_token) });
    expect((await login(app, { auth_token: user.auth_token })).statusCode).toBe(401);
  });

  it('exchanges a pending QR token, once, for a new session token, and tells the account', async () => {
    const app = await start(dialect);
    const sessionCreated = vi.spyOn(app.ctx.events, 'sessionCreated');
    const user = await signUpUser(app);
    const { token } = await createSession(app.database.db, { userId: user.id, kind: 'qr', pending: true });
    expect(await meStatus(app, token)).toBe(401);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
      payload: { session: { auth_token: token } },
    });
    expect(reply.statusCode).toBe(200);
    const redeemed = reply.json().auth_token;
    expect(reply.json()).toEqual({ ...user, auth_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(redeemed).not.toBe(token);
    expect(await meStatus(app, redeemed)).toBe(200);
    // The code's token is dead: a second redemption, and any Bearer use, is refused.
    expect(await meStatus(app, token)).toBe(401);
    const again = await login(app, { auth_token: token });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID_TOKEN);
    expect(sessionCreated).toHaveBeenLastCalledWith(user.id, 'qr');
    expect(sessionCreated.mock.calls.filter(([, kind]) => kind === 'qr')).toHaveLength(1);
    const qrSessions = (await dumpDatabase(app)).sessions.filter((session) => session.kind === 'qr');
    expect(qrSessions).toMatchObject([{ pending: 0, user_agent: 'Mozilla/5.0 (iPhone) Safari' }]);
  });

  it('gives one session to one of several devices redeeming the same code at once', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    const { token } = await createSession(app.database.db, { userId: user.id, kind: 'qr', pending: true });
    const replies = await Promise.all(Array.from({ length: 5 }, () => login(app, { auth_token: token })));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    const sessions = (await dumpDatabase(app)).sessions.filter((session) => session.kind === 'qr');
    expect(sessions).toHaveLength(1);
  });

  it('from a QR link ("qr": true) accepts only a pending QR token, never an active session token', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    const planted = await login(app, { auth_token: user.auth_token, qr: true });
    expect(planted.statusCode).toBe(401);
    expect(planted.json()).toEqual(INVALID_TOKEN);
    // Refusing it changed nothing: the session is still the owner's.
    expect(await meStatus(app, user.auth_token)).toBe(200);
    const { token } = await createSession(app.database.db, { userId: user.id, kind: 'qr', pending: true });
    const redeemed = await login(app, { auth_token: token, qr: true });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().auth_token).not.toBe(token);
  });

  it('refuses a QR token nobody used within 5 minutes', async () => {
    const app = await start(dialect);
    const user = await signUpUser(app);
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token } = await createSession(app.database.db, { userId: user.id, kind: 'qr', pending: true });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    expect((await login(app, { auth_token: token })).json()).toEqual(INVALID_TOKEN);
  });
});

describe.each(testDialects)('POST /api/v1/login with a bad body on %s', (dialect) => {
  it('answers 400 invalid_request for missing fields and wrong types', async () => {
    const app = await start(dialect);
    for (const payload of [
      {},
      { session: {} },
      { session: { email: 'a@example.com' } },
      { session: { auth_token: 5 } },
      { email: 'a', password: 'b' },
    ]) {
      const reply = await app.inject({ method: 'POST', url: '/api/v1/login', payload });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().error).toBe('invalid_request');
    }
  });
});

describe.each(testDialects)('POST /api/v1/logout on %s', (dialect) => {
  it('answers 204, revokes only that token and tells its sockets', async () => {
    const app = await start(dialect);
    const signedOut = vi.spyOn(app.ctx.events, 'signedOut');
    const first = await signUpUser(app);
    const second = await signIn(app);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(first.auth_token),
    });
    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
    expect(await meStatus(app, first.auth_token)).toBe(401);
    expect(await meStatus(app, second.auth_token)).toBe(200);
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(signedOut.mock.calls[0]?.[0]).toHaveLength(1);
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(first.auth_token),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID_TOKEN);
  });

  it('answers 401 without a token', async () => {
    const app = await start(dialect);
    const reply = await app.inject({ method: 'POST', url: '/api/v1/logout' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual(INVALID_TOKEN);
  });
});

describe.each(testDialects)('GET /api/v1/me on %s', (dialect) => {
  it('answers the user JSON without the token', async () => {
    const app = await start(dialect);
    const { auth_token: token, ...user } = await signUpUser(app);
    const reply = await app.inject({ url: '/api/v1/me', headers: bearer(token) });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ...user, subscription: null });
  });

  it('answers 401 invalid_token without a valid Bearer token', async () => {
    const app = await start(dialect);
    const { auth_token: token } = await signUpUser(app);
    for (const authorization of [undefined, `Token ${token}`, `Bearer ${token.slice(1)}`]) {
      const reply = await app.inject({ url: '/api/v1/me', headers: authorization ? { authorization } : {} });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(INVALID_TOKEN);
    }
  });
});
