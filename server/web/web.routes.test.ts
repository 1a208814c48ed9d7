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

describe('prerendered pages', () => {
  it('are served, filled, at their own paths; every other path gets the plain page', async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'bullapp-web-'));
    mkdirSync(join(webRoot, 'pages'));
    writeFileSync(join(webRoot, 'index.html'), PAGE);
    const prerendered = PAGE.replace(
      '<div id="root"></div>',
      '<div id="root"><h1>__APP_NAME__ prices</h1></div>',
    );
    writeFileSync(join(webRoot, 'pages', 'pricing.html'), prerendered);
    writeFileSync(join(webRoot, 'pages', 'pages.json'), JSON.stringify({ '/pricing': 'pricing.html' }));
    current = await buildTestApp({ webRoot, env: { APP_NAME: 'Moo & Co' } });

    const pricing = await current.app.inject({
      url: '/pricing?from=mail',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotliDecompressSync(pricing.rawPayload).toString()).toContain('<h1>Moo &amp; Co prices</h1>');
    for (const url of ['/', '/account', '/pricing/elsewhere']) {
      expect((await current.app.inject(url)).body, url).toBe(PAGE.replace('__APP_NAME__', 'Moo &amp; Co'));
    }
    expect((await current.app.inject('/pages/pricing.html')).body).not.toContain('prices</h1>');
  });
});
