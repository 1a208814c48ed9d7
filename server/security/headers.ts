import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { registerNoStore } from './no-store.js';

/**
 * The Content-Security-Policy, built from the configuration: no inline script or style, the socket origins
 * the page may connect to, nothing may frame the page. The one place a new allowed origin is added.
 */
export function contentSecurityPolicy(config: Config): string {
  const https = config.publicUrl.startsWith('https:');
  // The page is one document and /pricing runs PayPal's JS SDK in it: its origin, and no other, is let in.
  const paypalSdk = new URL(config.paypal.sdkUrl).origin;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", paypalSdk]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', paypalSdk]],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      ["'self'", ...config.cableAllowedOrigins.map((origin) => origin.replace(/^http/, 'ws')), paypalSdk],
    ],
    ['frame-src', ["'self'", paypalSdk]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(https ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join(';');
}

/** Every security header of a reply (DESIGN section 7 and helmet's defaults), computed once per process. */
export function securityHeaderBlock(config: Config): Record<string, string> {
  const https = config.publicUrl.startsWith('https:');
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The headers of DESIGN section 7 on every reply, errors and 404s included. They depend on the
 * configuration alone, so they are computed once at start and set as one block on each request
 * (an onRequest hook runs before any reply, an error's or a 404's too).
 */
async function securityHeaders(app: FastifyInstance) {
  const block = securityHeaderBlock(app.config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(block);
    done();
  });
  registerNoStore(app);
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['config'] });
