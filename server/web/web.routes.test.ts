import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

const compressScript = fileURLToPath(new URL('../../scripts/compress-web.mjs', import.meta.url));
const SCRIPT = `console.log(${JSON.stringify('a chunk of the web app '.repeat(100))});`;
const PAGE =
  '<html><head><meta name="app-name" content="__APP_NAME__"></head><body><div id="root"></div></body></html>';

let current: TestApp | undefined;
let webRoot: string | undefined;
afterEach(async () => {
  await current?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  current = undefined;
  webRoot = undefined;
});

/** A built web app in the test's folder, compressed by the build's own script. */
async function startWithBuild() {
  webRoot = mkdtempSync(join(tmpdir(), 'bullapp-web-'));
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), PAGE);
  writeFileSync(join(webRoot, 'assets', 'app-1234.js'), SCRIPT);
  const build = spawnSync(process.execPath, [compressScript, webRoot], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  current = await buildTestApp({ webRoot, env: { APP_NAME: 'Moo & Co' } });
  return { app: current.app, webRoot };
}

describe('compressed web assets', () => {
  it('sends an asset as brotli to a browser that accepts it, the same bytes once decompressed', async () => {
    const { app, webRoot } = await startWithBuild();
    const reply = await app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toContain('javascript');
    expect(reply.headers.vary).toContain('accept-encoding');
    expect(reply.headers['cache-control']).toContain('immutable');
    expect(reply.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(
      readFileSync(join(webRoot, 'assets', 'app-1234.js'), 'utf8'),
    );
  });

  it('sends gzip to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const { app } = await startWithBuild();
    const gzip = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await app.inject({ url: '/assets/app-1234.js', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('gives the compressed copies and the unfilled page no address of their own', async () => {
    const { app } = await startWithBuild();
    const copy = await app.inject({ url: '/assets/app-1234.js.br', headers: { accept: 'application/json' } });
    expect(copy.headers['content-type']).toContain('text/html');
    expect(copy.body).not.toContain(SCRIPT.slice(0, 40));
    const template = await app.inject('/index.html');
    expect(template.body).toContain('content="Moo &amp; Co"');
    expect(template.body).not.toContain('__APP_NAME__');
  });
});

describe('the page', () => {
  it('is compressed once, filled with the settings, in brotli or gzip as the browser asks', async () => {
    const { app } = await startWithBuild();
    const filled = PAGE.replace('__APP_NAME__', 'Moo &amp; Co');
    const brotli = await app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(filled);

    const gzip = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(filled);

    const plain = await app.inject('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(filled);
  });
});

/** A build whose page shows its title and description, with a prerendered pricing and not-found page. */
async function startWithPages(env: Record<string, string> = {}) {
  webRoot = mkdtempSync(join(tmpdir(), 'bullapp-web-'));
  mkdirSync(join(webRoot, 'pages'));
  writeFileSync(join(webRoot, 'index.html'), HEAD_PAGE);
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  const prerender = (markup: string) =>
    HEAD_PAGE.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  writeFileSync(join(webRoot, 'pages', 'pricing.html'), prerender('<h1>__APP_NAME__ prices</h1>'));
  writeFileSync(join(webRoot, 'pages', 'not-found.html'), prerender('<h1>Page not found</h1>'));
  writeFileSync(
    join(webRoot, 'pages', 'pages.json'),
    JSON.stringify({ pricing: 'pricing.html', notFound: 'not-found.html' }),
  );
  current = await buildTestApp({ webRoot, env: { APP_NAME: 'Moo & Co', ...env } });
  return current.app;
}
const HEAD_PAGE =
  '<html><head><title>__PAGE_TITLE__</title><meta name="description" content="__PAGE_DESCRIPTION__"></head>' +
  '<body><div id="root"></div></body></html>';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('prerendered pages', () => {
  it('are served, filled, at their own paths; every other page gets the plain page', async () => {
    const app = await startWithPages();
    const pricing = await app.inject({ url: '/pricing?from=mail', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(pricing.rawPayload).toString()).toContain('<h1>Moo &amp; Co prices</h1>');
    for (const url of ['/', '/account', '/login']) {
      expect((await app.inject(url)).body, url).toContain('<div id="root"></div>');
    }
    expect((await app.inject('/pages/pricing.html')).body).not.toContain('prices</h1>');
  });
});

describe('APP_DESCRIPTION', () => {
  it("is handed to the page, and is home's description, escaped; the other pages keep their own", async () => {
    const app = await startWithPages({ APP_DESCRIPTION: 'Fresh milk & cream, every "morning".' });
    const home = (await app.inject('/')).body;
    expect(home).toContain(
      '<meta name="description" content="Fresh milk &amp; cream, every &quot;morning&quot;.">',
    );
    expect((await app.inject('/login')).body).toContain(
      '<meta name="description" content="Sign in with your password, a passkey or a code.">',
    );
  });

  it("leaves home's own description when unset", async () => {
    const app = await startWithPages();
    expect((await app.inject('/')).body).toContain(
      '<meta name="description" content="Your account, your plan and your devices in one place.">',
    );
  });
});

describe('the pages of the web app and the others', () => {
  it.each([
    ['/', 'Moo &amp; Co'],
    ['/login', 'Sign in · Moo &amp; Co'],
    ['/signup', 'Create your account · Moo &amp; Co'],
    ['/reset-password', 'Forgot your password? · Moo &amp; Co'],
    ['/change-password/0f3a-ab_c', 'Choose a new password · Moo &amp; Co'],
    ['/confirm-email/tok%2Fen', 'Confirm your e-mail address · Moo &amp; Co'],
    ['/delete-account', 'Delete your account · Moo &amp; Co'],
    ['/pricing', 'Pricing · Moo &amp; Co'],
    ['/account', 'Your account · Moo &amp; Co'],
    // As the web's router matches: any case, trailing slashes.
    ['/Login/', 'Sign in · Moo &amp; Co'],
  ])('answers %s 200 with its own title and description', async (url, title) => {
    const app = await startWithPages();
    const reply = await app.inject(url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(titleOf(reply.body)).toBe(title);
    expect(reply.body).toMatch(/<meta name="description" content="[^"_]{10,}">/);
  });

  it.each([
    '/nowhere',
    '/pricing/elsewhere',
    '/change-password',
    '/change-password/a/b',
    '/account/nothing-yet',
    '/index.html',
    '/assets/gone-1234.js',
  ])('answers %s 404 with the not-found page', async (url) => {
    const app = await startWithPages();
    for (const method of ['GET', 'HEAD'] as const) {
      const reply = await app.inject({ method, url, headers: { 'accept-encoding': 'gzip' } });
      expect(reply.statusCode, method).toBe(404);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      if (method === 'GET') {
        const html = gunzipSync(reply.rawPayload).toString();
        expect(html).toContain('<h1>Page not found</h1>');
        expect(titleOf(html)).toBe('Page not found · Moo &amp; Co');
      }
    }
  });

  it('keeps the JSON 404 of the API for unknown /api paths and for other methods', async () => {
    const app = await startWithPages();
    for (const request of [
      { method: 'GET', url: '/api/v1/nowhere' },
      { method: 'GET', url: '/cable/nowhere' },
      { method: 'POST', url: '/login' },
    ] as const) {
      const reply = await app.inject(request);
      expect(reply.statusCode, request.url).toBe(404);
      expect(reply.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('serves robots.txt as text, keeping crawlers off the private pages', async () => {
    const app = await startWithPages();
    const reply = await app.inject('/robots.txt');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.body).toContain('Disallow: /change-password/');
    expect(reply.body).not.toContain('Disallow: /pricing');
  });

  it('serves the logo as the favicon, and sends /favicon.ico there', async () => {
    const app = await startWithPages();
    const svg = await app.inject('/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    const ico = await app.inject('/favicon.ico');
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });

  it('without a build, says the page is not built at known paths and not found at others', async () => {
    current = await buildTestApp({ webRoot: null });
    expect((await current.app.inject('/login')).json()).toMatchObject({ error: 'not_built' });
    const unknown = await current.app.inject('/nowhere');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    expect((await current.app.inject('/robots.txt')).statusCode).toBe(200);
  });
});
