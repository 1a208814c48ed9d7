import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { ERROR_MESSAGES } from '../../contract/errors.js';
import { getUser, requireUser, requireUserAtOnce } from './request-user.js';
import { createSession } from './sessions.service.js';
import { insertTestUser } from '../test/fixtures.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function start() {
  current = await buildTestApp();
  const { app } = current;
  app.get('/api/test/required', async (request) => ({ email: (await requireUser(request)).user.email }));
  app.get('/api/test/optional', async (request) => ({ email: (await getUser(request))?.user.email ?? null }));
  // Tells whether the look-up answered at once: a value, not a promise.
  app.get('/api/test/at-once', (request) => {
    const found = requireUserAtOnce(request);
    if (found instanceof Promise) return found.then(({ user }) => ({ email: user.email, atOnce: false }));
    return { email: found.user.email, atOnce: true };
  });
  await app.ready();
  const user = await insertTestUser(app.database.db);
  const { token } = await createSession(app.database.db, { userId: user.id, kind: 'password' });
  return { app, token };
}

describe('requireUser and getUser', () => {
  it('read the user from Authorization: Bearer', async () => {
    const { app, token } = await start();
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`, `Bearer  ${token} `]) {
      const reply = await app.inject({ url: '/api/test/required', headers: { authorization } });
      expect(reply.json(), authorization).toEqual({ email: 'ada@example.com' });
    }
    const optional = await app.inject({
      url: '/api/test/optional',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(optional.json()).toEqual({ email: 'ada@example.com' });
  });

  it('answer 401 invalid_token without a valid token, or null for getUser', async () => {
    const { app, token } = await start();
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token} extra`,
    ]) {
      const headers = authorization === undefined ? {} : { authorization };
      const reply = await app.inject({ url: '/api/test/required', headers });
      expect(reply.statusCode, authorization).toBe(401);
      expect(reply.json()).toEqual({ error: 'invalid_token', message: ERROR_MESSAGES.invalid_token });
      expect(reply.headers['www-authenticate']).toBe('Bearer');
      expect((await app.inject({ url: '/api/test/optional', headers })).json()).toEqual({ email: null });
    }
  });

  it('requireUserAtOnce: the user with no promise on SQLite, and the same 401 as requireUser without one', async () => {
    const { app, token } = await start();
    const found = await app.inject({
      url: '/api/test/at-once',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(found.json()).toEqual({ email: 'ada@example.com', atOnce: true });
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-token' },
      { authorization: `Basic ${token}` },
    ]) {
      const [atOnce, required] = await Promise.all([
        app.inject({ url: '/api/test/at-once', headers }),
        app.inject({ url: '/api/test/required', headers }),
      ]);
      expect(atOnce.statusCode).toBe(401);
      expect(atOnce.json()).toEqual(required.json());
    }
  });
});
