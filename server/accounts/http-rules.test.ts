import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';

const MUTATING = [
  {
    method: 'POST',
    url: '/api/v1/users',
    payload: { user: { email: 'x@example.com', password: STRONG_PASSWORD } },
  },
  {
    method: 'POST',
    url: '/api/v1/login',
    payload: { session: { email: 'ada@example.com', password: STRONG_PASSWORD } },
  },
  { method: 'POST', url: '/api/v1/logout', payload: undefined },
  { method: 'POST', url: '/api/v2/reset_password', payload: { email: 'ada@example.com' } },
  {
    method: 'PUT',
    url: '/api/v2/change_password',
    payload: { current_password: STRONG_PASSWORD, password: 'another fine one' },
  },
  {
    method: 'POST',
    url: '/api/v1/delete_user_with_token',
    payload: { email: 'ada@example.com', password: STRONG_PASSWORD },
  },
] as const;

describe.each(testDialects)('the accounts API and the HTTP rules of DESIGN on %s', (dialect) => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ dialect });
    token = (await signUpUser(testApp.app)).auth_token;
  });
  afterAll(() => testApp.close());

  it.each(MUTATING)(
    '$method $url refuses a browser request whose XSRF header does not match the cookie',
    async (call) => {
      for (const header of [undefined, 'not-the-cookie']) {
        const reply = await testApp.app.inject({
          ...call,
          cookies: { 'XSRF-TOKEN': 'the-cookie' },
          headers: { authorization: `Bearer ${token}`, ...(header ? { 'x-xsrf-token': header } : {}) },
        });
        expect(reply.statusCode).toBe(403);
        expect(reply.json()).toEqual({
          error: 'invalid_xsrf_token',
          message: 'This request could not be verified. Please reload the page and try again.',
        });
      }
      // Nothing happened: the account and its token are still there.
      expect(
        (await testApp.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(200);
    },
  );

  it.each(MUTATING)(
    '$method $url refuses a request with an empty XSRF cookie, empty header or none',
    async (call) => {
      for (const header of [undefined, '']) {
        const reply = await testApp.app.inject({
          ...call,
          headers: {
            cookie: 'XSRF-TOKEN=',
            authorization: `Bearer ${token}`,
            ...(header === undefined ? {} : { 'x-xsrf-token': header }),
          },
        });
        expect(reply.statusCode).toBe(403);
        expect(reply.json()).toMatchObject({ error: 'invalid_xsrf_token' });
      }
      expect(
        (await testApp.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(200);
    },
  );

  it('gives a page of the site whose XSRF cookie is empty a new one', async () => {
    const reply = await testApp.app.inject({
      url: '/healthz',
      headers: { cookie: 'XSRF-TOKEN=', 'sec-fetch-site': 'same-origin' },
    });
    const cookie = [reply.headers['set-cookie']].flat().find((value) => value?.startsWith('XSRF-TOKEN='));
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{43};/);
  });

  it('lets a browser request with the matching header through', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      cookies: { 'XSRF-TOKEN': 'the-cookie' },
      headers: { 'x-xsrf-token': 'the-cookie' },
      payload: { session: { auth_token: token } },
    });
    expect(reply.statusCode).toBe(200);
  });

  it.each(MUTATING)('$method $url answers 413 for a body over 64 KiB', async ({ method, url }) => {
    const reply = await testApp.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(65 * 1024), password: 'y' }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({
      error: 'payload_too_large',
      message: 'The request body is too large. The limit is 64 KiB.',
    });
  });

  it.each(MUTATING.filter((call) => call.payload))(
    '$method $url answers 400 invalid_request for malformed JSON',
    async ({ method, url }) => {
      const reply = await testApp.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        error: 'invalid_request',
        message: 'The request body is not valid JSON.',
      });
    },
  );
});
