import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

describe('security headers and WebAuthn', () => {
  it.each(['/', '/login', '/api/v1/passkeys/authentication_options'])(
    'let the page at %s create and use passkeys (no Permissions-Policy withholds publickey-credentials)',
    async (url) => {
      const reply = await testApp.app.inject({ url });
      const policy = String(reply.headers['permissions-policy'] ?? '');
      const featurePolicy = String(reply.headers['feature-policy'] ?? '');
      for (const feature of ['publickey-credentials-get', 'publickey-credentials-create']) {
        // Allowed when unnamed (the default is self) or named with self or *.
        const named = new RegExp(`${feature}=\\(([^)]*)\\)`).exec(policy);
        if (named) expect(named[1]).toMatch(/self|\*/);
        expect(featurePolicy).not.toContain(feature);
      }
      // The page's own policy, or the API's, which lets its reply load nothing.
      expect(String(reply.headers['content-security-policy'])).toContain(
        url.startsWith('/api/') ? "default-src 'none'" : "default-src 'self'",
      );
    },
  );
});
