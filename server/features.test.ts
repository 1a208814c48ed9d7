import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import accounts from './accounts/accounts.plugin.js';
import { FEATURES, type FeatureName } from './app.js';
import { buildTestApp, testDialects, type TestApp } from './test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const password = 'a long enough passphrase';
const withoutTwoFactorOrSubscriptions = (Object.keys(FEATURES) as FeatureName[]).filter(
  (name) => name !== 'two-factor' && name !== 'subscriptions',
);

describe.each(testDialects)('an app built without two-step sign-in or subscriptions, on %s', (dialect) => {
  it('signs up, signs in with a password, answers /me and deletes with a password', async () => {
    current = await buildTestApp({ dialect, features: withoutTwoFactorOrSubscriptions });
    const { app } = current;
    const email = 'lean@example.com';
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: { user: { email, password } },
    });
    expect(signUp.statusCode).toBe(201);

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email, password } },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().auth_token as string;
    expect(token).toEqual(expect.any(String));

    const me = await app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, subscription: null });

    // The code step's form is a sign-in method of the two-step feature: without it, a plain 400.
    const code = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { challenge: 'x'.repeat(43), code: '123456' } },
    });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toEqual({
      error: 'invalid_request',
      message: 'This way of signing in is not available on this server.',
    });
    expect((await app.inject({ url: '/api/v1/subscription' })).statusCode).toBe(404);

    const deletion = await app.inject({
      method: 'POST',
      url: '/api/v1/delete_user_with_token',
      payload: { email, password },
    });
    expect(deletion.json()).toEqual({ success: true, email: '' });
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email, password } },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('a feature registered without the building blocks it declares', () => {
  it('fails at start, naming what is missing, not at its first request', async () => {
    const app = Fastify();
    await expect(app.register(accounts).ready()).rejects.toThrow(/app-context/);
    await app.close();
  });
});
