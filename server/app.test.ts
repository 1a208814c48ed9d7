import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, testDialects, type TestApp } from './test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function start(options: Parameters<typeof buildTestApp>[0] = {}) {
  current = await buildTestApp(options);
  return current;
}

function withPage(folder: string) {
  const webRoot = join(folder, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(
    join(webRoot, 'index.html'),
    '<html><head><meta name="app-name" content="__APP_NAME__"><meta name="action-cable-url" content="__ACTION_CABLE_URL__"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  return webRoot;
}

describe.each(testDialects)('the app on %s', (dialect) => {
  it('answers /healthz and /readyz', async () => {
    const { app } = await start({ dialect });
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'up' } });
  });

  it('reports 503 on /readyz when the database stops answering', async () => {
    const { app } = await start({ dialect });
    await app.ready();
    await app.database.close();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'down' } });
  });
});

describe('security headers', () => {
  it('are on every reply: API, errors, 404s and the page', async () => {
    const probe = await start();
    const { app } = await start({ webRoot: withPage(probe.folder) });
    for (const url of ['/healthz', '/api/nothing', '/', '/some/client/route', '/assets/app-1234.js']) {
      const reply = await app.inject(url);
      const csp = String(reply.headers['content-security-policy']);
      // A page runs its own script and nothing inline; an API reply (JSON) may load nothing at all.
      if (url === '/healthz' || url.startsWith('/api/')) expect(csp, url).toContain("default-src 'none'");
      else {
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("script-src 'self'");
      }
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).toContain("form-action 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
      expect(reply.headers['referrer-policy'], url).toBe('no-referrer');
      expect(reply.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(reply.headers['strict-transport-security'], url).toBeUndefined();
    }
    await probe.close();
  });

  it('add HSTS when the public URL is https', async () => {
    const { app } = await start({ env: { PUBLIC_URL: 'https://app.example' } });
    expect((await app.inject('/healthz')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('serving the web app', () => {
  it('serves the page, filled with the settings, for any non-API path: 404 where the web app has none', async () => {
    const probe = await start();
    const { app } = await start({ webRoot: withPage(probe.folder), env: { APP_NAME: 'Moo & Co' } });
    for (const [url, status] of [
      ['/', 200],
      ['/login', 200],
      ['/no/such/page', 404],
    ] as const) {
      const reply = await app.inject(url);
      expect(reply.statusCode, url).toBe(status);
      expect(reply.headers['content-type']).toContain('text/html');
      expect(reply.body).toContain('<meta name="app-name" content="Moo &amp; Co">');
      expect(reply.body).toContain('<meta name="action-cable-url" content="/cable">');
    }
    expect((await app.inject('/assets/app-1234.js')).headers['cache-control']).toContain('immutable');
    await probe.close();
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const probe = await start();
    const { app } = await start({ webRoot: withPage(probe.folder) });
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/v1/nope'],
      ['GET', '/api'],
    ] as const) {
      const reply = await app.inject({ method, url });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ error: 'not_found', message: `There is no ${method} ${url} here.` });
    }
    await probe.close();
  });
});

describe('request handling', () => {
  async function withEcho() {
    const testApp = await start();
    testApp.app
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/test/echo', { schema: { body: z.object({ name: z.string() }) } }, async (request) => ({
        name: request.body.name,
      }));
    return testApp.app;
  }

  it('answers malformed JSON, wrong types and missing fields with 400 invalid_request', async () => {
    const app = await withEcho();
    for (const payload of ['{"name":', '[]', '{"name":3}', '{}', 'null']) {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(reply.statusCode, payload).toBe(400);
      expect(reply.json().error, payload).toBe('invalid_request');
      expect(reply.json().message, payload).toMatch(/^The request/);
    }
  });

  it('answers a body over 64 KiB with 413', async () => {
    const app = await withEcho();
    const reply = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(70 * 1024) }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({
      error: 'payload_too_large',
      message: 'The request body is too large. The limit is 64 KiB.',
    });
  });

  it('answers a body that is not JSON with 415', async () => {
    const app = await withEcho();
    const reply = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<name/>',
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json().error).toBe('unsupported_media_type');
  });

  it('hides the details of unexpected errors', async () => {
    const { app } = await start();
    app.get('/api/test/boom', async () => {
      throw new Error('SELECT * FROM users at /srv/app/server/secret.ts:12');
    });
    const reply = await app.inject('/api/test/boom');
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
  });
});

describe('XSRF double-submit cookie', () => {
  async function echoApp() {
    const { app } = await start();
    app.post('/api/test/ping', async () => ({ ok: true }));
    return app;
  }

  const xsrfCookieOf = (reply: { cookies: Array<{ name: string; value: string }> }) =>
    reply.cookies.find((c) => c.name === 'XSRF-TOKEN') as
      { value: string; httpOnly?: boolean; sameSite?: string } | undefined;

  it('sets the XSRF-TOKEN cookie with the page, readable by it', async () => {
    const probe = await start();
    const { app } = await start({ webRoot: withPage(probe.folder) });
    const cookie = xsrfCookieOf(await app.inject('/login'));
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
    const again = await app.inject({ url: '/login', cookies: { 'XSRF-TOKEN': cookie!.value } });
    expect(again.headers['set-cookie']).toBeUndefined();
    await probe.close();
  });

  it('sets no cookie on an API call without one: an API client is not a page', async () => {
    const app = await echoApp();
    for (const [method, url] of [
      ['GET', '/healthz'],
      ['POST', '/api/test/ping'],
      ['GET', '/api/nothing'],
    ] as const) {
      const reply = await app.inject({ method, url, headers: { authorization: 'Bearer some-token' } });
      expect(reply.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it("sets the cookie on a call from the site's own page that lost it, and only then", async () => {
    const app = await echoApp();
    const fromPage = await app.inject({ url: '/healthz', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(xsrfCookieOf(fromPage)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const crossSite = await app.inject({ url: '/healthz', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    const withCookie = await app.inject({
      url: '/healthz',
      headers: { 'sec-fetch-site': 'same-origin' },
      cookies: { 'XSRF-TOKEN': 'right-token' },
    });
    expect(withCookie.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a mutating call that carries the cookie without the matching header', async () => {
    const app = await echoApp();
    for (const header of [undefined, 'wrong-token']) {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/test/ping',
        cookies: { 'XSRF-TOKEN': 'right-token' },
        headers: header ? { 'x-xsrf-token': header } : {},
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({
        error: 'invalid_xsrf_token',
        message: 'This request could not be verified. Please reload the page and try again.',
      });
    }
  });

  it('lets through a matching header, and calls that carry no cookie', async () => {
    const app = await echoApp();
    const matching = await app.inject({
      method: 'POST',
      url: '/api/test/ping',
      cookies: { 'XSRF-TOKEN': 'right-token' },
      headers: { 'x-xsrf-token': 'right-token' },
    });
    expect(matching.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/test/ping' })).statusCode).toBe(200);
  });
});

describe('GET /api/openapi.json', () => {
  it('describes the API as OpenAPI 3', async () => {
    const { app } = await start();
    const doc = (await app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });
});
