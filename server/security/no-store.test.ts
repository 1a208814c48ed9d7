import { afterEach, describe, expect, it } from 'vitest';
import { bearer, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe('Cache-Control on replies that carry a token', () => {
  it('is no-store on sign-up, both sign-ins, /me and the QR code, and left alone elsewhere', async () => {
    current = await buildTestApp();
    const { app } = current;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: { user: { email: 'ada@example.com', password: STRONG_PASSWORD } },
    });
    expect(signUp.statusCode).toBe(201);
    const { auth_token } = signUp.json<{ auth_token: string }>();
    const replies = [
      signUp,
      await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { session: { email: 'ada@example.com', password: STRONG_PASSWORD } },
      }),
      await app.inject({ method: 'POST', url: '/api/v1/login', payload: { session: { auth_token } } }),
      await app.inject({ url: '/api/v1/me', headers: bearer(auth_token) }),
      await app.inject({
        url: `/api/v1/check_chromes_password?password=${encodeURIComponent(STRONG_PASSWORD)}`,
        headers: bearer(auth_token),
      }),
    ];
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBeLessThan(300);
      expect(reply.headers['cache-control'], reply.raw.req.url).toBe('no-store');
    }
    // A failed sign-in on the same route says it too: one rule per route.
    const failed = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: 'ada@example.com', password: 'not the password' } },
    });
    expect(failed.headers['cache-control']).toBe('no-store');

    for (const url of ['/healthz', '/api/v1/paypal_prices'])
      expect((await app.inject({ url })).headers['cache-control'], url).not.toBe('no-store');
  });
});
