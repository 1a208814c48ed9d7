import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function policyOf(env: Record<string, string> = {}): Promise<Map<string, string[]>> {
  current = await buildTestApp({ env });
  // A page's policy (an API reply's lets nothing in: headers.test.ts).
  const header = String((await current.app.inject('/login')).headers['content-security-policy']);
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const SDK_DIRECTIVES = ['script-src', 'frame-src', 'connect-src', 'img-src'];

describe("the Content-Security-Policy and PayPal's JS SDK", () => {
  it('lets in the origin of the default PAYPAL_SDK_URL for script, frame, connect and image, and no more', async () => {
    const policy = await policyOf();
    for (const directive of SDK_DIRECTIVES)
      expect(policy.get(directive), directive).toContain('https://www.paypal.com');
    expect(policy.get('script-src')).toEqual(["'self'", 'https://www.paypal.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://www.paypal.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://www.paypal.com']);
    for (const [directive, sources] of policy)
      if (!SDK_DIRECTIVES.includes(directive)) expect(sources.join(' '), directive).not.toContain('paypal');
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('follows a custom PAYPAL_SDK_URL: its origin only, without path or query', async () => {
    const policy = await policyOf({ PAYPAL_SDK_URL: 'http://127.0.0.1:4567/sdk/js?debug=true' });
    expect(policy.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:4567']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'http://127.0.0.1:4567']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'http://127.0.0.1:4567']);
    expect(policy.get('connect-src')).toContain('http://127.0.0.1:4567');
    expect([...policy.values()].flat().join(' ')).not.toContain('paypal.com');
    expect([...policy.values()].flat().join(' ')).not.toContain('/sdk/js');
  });
});
