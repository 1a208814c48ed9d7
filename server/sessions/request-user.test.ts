import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { ERROR_MESSAGES } from '../../contract/errors.js';
import { getUser, requireUser } from './request-user.js';
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
  // Asks three times: one look-up per request, however often a handler asks.
  app.get('/api/test/thrice', async (request) => {
    const asked = [getUser(request), getUser(request), requireUser(request)];
    const [first, ...others] = await Promise.all(asked);
    return { email: first?.user.email ?? null, same: others.every((found) => found === first) };
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

  it('look the user up once per request, however often a handler asks (one answer, the same object)', async () => {
    const { app, token } = await start();
    const reply = await app.inject({
      url: '/api/test/thrice',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.json()).toEqual({ email: 'ada@example.com', same: true });
  });
});
