import { afterEach, describe, expect, it } from 'vitest';
import { bearer, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { API_PATHS } from '../../contract/api-paths.js';
import { PUBLIC_API_PATHS } from './no-store.js';

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

describe('Cache-Control on personal-data replies', () => {
  it('is no-store on every API call but the public ones, whatever the reply', async () => {
    current = await buildTestApp();
    const { app } = current;
    const spec = (await app.inject({ url: API_PATHS.openApi })).json<{ paths: Record<string, object> }>();
    const calls = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
    // The calls of DESIGN 11 and 12 and the sessions list are among them.
    for (const path of [
      API_PATHS.sessions,
      API_PATHS.passkeys,
      API_PATHS.twoFactorSetup,
      API_PATHS.exportData,
    ])
      expect(calls.map((call) => call.path)).toContain(path);
    const token = (
      await app.inject({
        method: 'POST',
        url: API_PATHS.signUp,
        payload: { user: { email: 'ada@example.com', password: STRONG_PASSWORD } },
      })
    ).json<{ auth_token: string }>().auth_token;
    const missing: string[] = [];
    for (const { method, path } of calls) {
      // /healthz and /readyz hold nothing personal and are not API calls.
      if (!path.startsWith('/api/') || PUBLIC_API_PATHS.has(path)) continue;
      const reply = await app.inject({
        method: method as 'GET',
        url: path.replace(/\{[^}]+\}/g, 'x1'),
        headers: bearer(token),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (reply.headers['cache-control'] !== 'no-store')
        missing.push(`${method} ${path} (${reply.statusCode})`);
    }
    expect(missing).toEqual([]);
  });

  it('is no-store on the sessions, passkeys and two-step sign-in lists read with a token', async () => {
    current = await buildTestApp();
    const { app } = current;
    const { auth_token } = (
      await app.inject({
        method: 'POST',
        url: API_PATHS.signUp,
        payload: { user: { email: 'ada@example.com', password: STRONG_PASSWORD } },
      })
    ).json<{ auth_token: string }>();
    for (const url of [API_PATHS.sessions, API_PATHS.passkeys, API_PATHS.twoFactor]) {
      const reply = await app.inject({ url, headers: bearer(auth_token) });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-store');
    }
  });
});
