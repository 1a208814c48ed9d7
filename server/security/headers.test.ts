import fastifySymbols from 'fastify/lib/symbols.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

// PayPal's JS SDK (the default PAYPAL_SDK_URL) is let in for /pricing, and nothing else (DESIGN section 9).
const CSP = [
  "default-src 'self'",
  "script-src 'self' https://www.paypal.com",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data: https://www.paypal.com",
  "font-src 'self'",
  "connect-src 'self' ORIGINS https://www.paypal.com",
  "frame-src 'self' https://www.paypal.com",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The headers of every reply beside its policy: DESIGN section 7's, CORP and X-Frame-Options. */
const EVERY_REPLY = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** A page's besides: every header helmet sent before the block replaced it, value for value. */
const PAGE = {
  ...EVERY_REPLY,
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** An API reply's policy (JSON): nothing may load or frame it, each directive DESIGN 7 names still said. */
const API_CSP =
  "default-src 'none';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'";

const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

const PER_REPLY = [
  'content-type',
  'content-length',
  'date',
  'connection',
  'cache-control',
  'set-cookie',
  'www-authenticate',
];

/** Each URL's security headers, all from one app with this PUBLIC_URL. */
async function headersOn(publicUrl: string, urls: string[]) {
  current = await buildTestApp({
    env: { PUBLIC_URL: publicUrl, CABLE_ALLOWED_ORIGINS: 'https://a.example,http://b.example' },
  });
  const { app } = current;
  const headers = async (url: string) => {
    const reply = await app.inject(url);
    return Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !PER_REPLY.includes(name)));
  };
  return Promise.all(urls.map(headers));
}

/** Expects every URL's security headers to be exactly `expected`. */
async function expectOn(publicUrl: string, urls: string[], expected: Record<string, string>) {
  const found = await headersOn(publicUrl, urls);
  urls.forEach((url, i) => expect(found[i], url).toEqual(expected));
}

const API_URLS = ['/healthz', '/readyz', '/api/nothing', '/api/v1/me', '/cable?x=1'];
const PAGE_URLS = ['/', '/login', '/no/such/page', '/apis', '/healthz-page', '/assets/app-1234.js'];

describe('the security headers', () => {
  it('are exactly a page’s set over plain http on every page, file and 404 page', async () => {
    const csp = CSP.join(';').replace('ORIGINS', 'ws://localhost:3000 wss://a.example ws://b.example');
    await expectOn('http://localhost:3000', PAGE_URLS, { 'content-security-policy': csp, ...PAGE });
  });

  it('are exactly the API’s set on API replies, errors and 404s included: its own policy, no page-only header', async () => {
    await expectOn('http://localhost:3000', API_URLS, { 'content-security-policy': API_CSP, ...EVERY_REPLY });
  });

  it('add HSTS, and upgrade-insecure-requests to a page’s policy, when PUBLIC_URL is https', async () => {
    const csp = [...CSP, 'upgrade-insecure-requests']
      .join(';')
      .replace('ORIGINS', 'wss://app.example wss://a.example ws://b.example');
    const [page, api] = await headersOn('https://app.example', ['/login', '/healthz']);
    expect(page).toEqual({ 'content-security-policy': csp, ...HSTS, ...PAGE });
    expect(api).toEqual({ 'content-security-policy': API_CSP, ...HSTS, ...EVERY_REPLY });
  });

  it('are spread into the object Fastify still keeps a reply’s headers in (else set the slower way)', () => {
    expect(typeof fastifySymbols.kReplyHeaders).toBe('symbol');
  });

  it('give way to a handler’s own header', async () => {
    current = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    const { app } = current;
    app.get('/api/test-own-header', (_request, reply) =>
      reply.header('x-frame-options', 'SAMEORIGIN').send({ ok: true }),
    );
    const reply = await app.inject('/api/test-own-header');
    expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(reply.headers['content-security-policy']).toBe(API_CSP);
  });
});
