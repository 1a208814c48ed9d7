import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEAK_PASSWORD_MESSAGES } from '../users/password-rules.js';
import { bearer, dumpDatabase, STRONG_PASSWORD, signUpUser } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { ERROR_MESSAGES } from '../../contract/errors.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function start(dialect: (typeof testDialects)[number]) {
  current = await buildTestApp({ dialect });
  return current.app;
}

const post = (app: TestApp['app'], payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/users', payload: payload as object });

describe.each(testDialects)('POST /api/v1/users on %s', (dialect) => {
  it('answers 201 with the user JSON, signed in, and keeps the e-mail trimmed and lower-cased', async () => {
    const app = await start(dialect);
    const sessionCreated = vi.spyOn(app.ctx.events, 'sessionCreated');
    const reply = await post(app, {
      user: { email: '  Ada.Lovelace@Example.COM ', password: STRONG_PASSWORD },
    });
    expect(reply.statusCode).toBe(201);
    const user = reply.json();
    expect(Object.keys(user).sort()).toEqual([
      'auth_token',
      'created_at',
      'email',
      'email_verified',
      'has_password',
      'id',
      'role',
    ]);
    // DESIGN 13: a new address is not confirmed yet; the account has the password it was made with.
    expect(user).toMatchObject({
      email: 'ada.lovelace@example.com',
      role: 0,
      email_verified: false,
      has_password: true,
    });
    expect(user.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(user.created_at).toISOString()).toBe(user.created_at);
    const me = await app.inject({ url: '/api/v1/me', headers: bearer(user.auth_token) });
    expect(me.json()).toEqual({
      id: user.id,
      email: user.email,
      role: 0,
      created_at: user.created_at,
      email_verified: false,
      has_password: true,
      subscription: null,
    });
    const { sessions, audit_events } = await dumpDatabase(app);
    expect(sessions).toMatchObject([{ user_id: user.id, kind: 'signup' }]);
    expect(audit_events).toMatchObject([{ event: 'sign_up' }]);
    expect(sessionCreated).toHaveBeenCalledWith(user.id, 'signup');
  });

  it('answers 409 email_taken for an e-mail already used, in whatever letter case', async () => {
    const app = await start(dialect);
    await signUpUser(app, { email: 'ada@example.com' });
    for (const email of ['ada@example.com', 'ADA@Example.com', ' ada@example.com ']) {
      const reply = await post(app, { user: { email, password: 'another fine password' } });
      expect(reply.statusCode, email).toBe(409);
      expect(reply.json()).toEqual({
        error: 'email_taken',
        message:
          'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.',
      });
    }
    expect((await dumpDatabase(app)).users).toHaveLength(1);
  });

  it('lets exactly one of two racing sign-ups for one address win', async () => {
    const app = await start(dialect);
    const replies = await Promise.all(
      ['race@example.com', 'RACE@example.com'].map((email) =>
        post(app, { user: { email, password: STRONG_PASSWORD } }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 422 weak_password for short, long, common and e-mail-equal passwords', async () => {
    const app = await start(dialect);
    const cases: [string, string][] = [
      ['short12', WEAK_PASSWORD_MESSAGES.tooShort],
      ['x'.repeat(129), WEAK_PASSWORD_MESSAGES.tooLong],
      ['password', WEAK_PASSWORD_MESSAGES.common],
      ['Sunshine', WEAK_PASSWORD_MESSAGES.common],
      ['qwertyuiop', WEAK_PASSWORD_MESSAGES.common],
      ['Weak@Example.com', WEAK_PASSWORD_MESSAGES.sameAsEmail],
    ];
    for (const [password, message] of cases) {
      const reply = await post(app, { user: { email: 'weak@example.com', password } });
      expect(reply.statusCode, password).toBe(422);
      expect(reply.json()).toEqual({ error: 'weak_password', message });
    }
    expect((await dumpDatabase(app)).users).toEqual([]);
  });

  it('answers 422 invalid_email for something that is not an e-mail address', async () => {
    const app = await start(dialect);
    for (const email of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'a b@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      const reply = await post(app, { user: { email, password: STRONG_PASSWORD } });
      expect(reply.statusCode, email).toBe(422);
      expect(reply.json()).toEqual({ error: 'invalid_email', message: ERROR_MESSAGES.invalid_email });
    }
  });

  it('answers 400 invalid_request for missing fields and wrong types', async () => {
    const app = await start(dialect);
    for (const payload of [
      {},
      { user: {} },
      { user: { email: 'a@example.com' } },
      { user: { email: 1, password: 'x' } },
      { email: 'a@example.com', password: STRONG_PASSWORD },
    ]) {
      const reply = await post(app, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().error).toBe('invalid_request');
    }
  });
});
