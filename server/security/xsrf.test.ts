import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function xsrfCookie(publicUrl: string) {
  current = await buildTestApp({ env: { PUBLIC_URL: publicUrl } });
  // A call from one of the site's pages that came without the cookie (the page itself sets it too).
  const reply = await current.app.inject({ url: '/healthz', headers: { 'sec-fetch-site': 'same-origin' } });
  const cookie = [reply.headers['set-cookie']].flat().find((value) => value?.startsWith('XSRF-TOKEN='));
  expect(cookie).toBeDefined();
  return cookie!.split(';').map((part) => part.trim().toLowerCase());
}

describe('the XSRF-TOKEN cookie', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const attributes = await xsrfCookie('https://app.example.com');
    expect(attributes).toContain('secure');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/');
  });

  it('is not Secure over plain http (a local install), where the browser would drop it', async () => {
    expect(await xsrfCookie('http://localhost:3000')).not.toContain('secure');
  });
});
