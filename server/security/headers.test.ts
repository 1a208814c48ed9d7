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

/** Every header helmet sent before the block replaced it, value for value. */
const EXPECTED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const PER_REPLY = ['content-type', 'content-length', 'date', 'connection', 'cache-control', 'set-cookie'];

async function headersOf(publicUrl: string, url = '/healthz') {
  current = await buildTestApp({
    env: { PUBLIC_URL: publicUrl, CABLE_ALLOWED_ORIGINS: 'https://a.example,http://b.example' },
  });
  const reply = await current.app.inject(url);
  return Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !PER_REPLY.includes(name)));
}

describe('the security headers', () => {
  it('are exactly the expected set over plain http, on a reply and on a 404', async () => {
    const csp = CSP.join(';').replace('ORIGINS', 'ws://localhost:3000 wss://a.example ws://b.example');
    for (const url of ['/healthz', '/api/nothing']) {
      expect(await headersOf('http://localhost:3000', url), url).toEqual({
        'content-security-policy': csp,
        ...EXPECTED,
      });
      await current?.close();
      current = undefined;
    }
  });

  it('add HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const csp = [...CSP, 'upgrade-insecure-requests']
      .join(';')
      .replace('ORIGINS', 'wss://app.example wss://a.example ws://b.example');
    expect(await headersOf('https://app.example')).toEqual({
      'content-security-policy': csp,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      ...EXPECTED,
    });
  });
});
