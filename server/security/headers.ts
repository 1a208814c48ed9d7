import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifySymbols from 'fastify/lib/symbols.js';
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

/**
 * The policy of a reply that is not a page (JSON): it may load nothing and be framed by nothing, and it
 * still says each directive DESIGN section 7 names. Stricter than a page's, which must run its script.
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'";

/**
 * Every security header of a page or file the browser renders (DESIGN section 7 and helmet's defaults),
 * computed once per process.
 */
export function securityHeaderBlock(config: Config): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    ...apiHeaders(config),
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The security headers of an API reply (JSON, never rendered as a page): DESIGN section 7's on every reply,
 * with the API's policy, and the two that guard any response (CORP, X-Frame-Options). Helmet's
 * document-only headers (DNS prefetching, IE's download prompt, Flash's policy files, the XSS auditor, the
 * origin-keyed agent cluster) change nothing for JSON and are left off (decision 213).
 */
export function apiHeaderBlock(config: Config): Record<string, string> {
  return { 'content-security-policy': API_CONTENT_SECURITY_POLICY, ...apiHeaders(config) };
}

function apiHeaders(config: Config): Record<string, string> {
  const https = config.publicUrl.startsWith('https:');
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * The API's paths and the health checks: their replies are JSON. Every page, file and HTML reply (the
 * receipt page, at /billing/receipts/…) is elsewhere.
 */
const API_REPLY = /^\/(api|cable|healthz|readyz)(\/|$|\?)/;

type HeaderSetter = (reply: FastifyReply, block: Readonly<Record<string, string>>) => void;

/**
 * Sets a block of headers on a reply in one step. Fastify's `reply.headers()` lower-cases each name and adds
 * it to the reply's header object one by one, each a store the engine cannot predict; the block is always
 * the same shape, and spread into that object (Fastify keeps it under an internal symbol) it is copied at
 * once: 1–1.5 µs of a token sign-in's 33 here (decision 213). The names are lower-case already. Where the
 * symbol is missing (another Fastify), `reply.headers()` does the same the general way; the headers test
 * holds either to the exact set.
 */
function headerSetter(): HeaderSetter {
  const replyHeaders = fastifySymbols.kReplyHeaders;
  if (typeof replyHeaders !== 'symbol') return (reply, block) => void reply.headers(block);
  return (reply, block) => {
    const held = (reply as unknown as Record<symbol, Record<string, unknown> | undefined>)[replyHeaders];
    if (held === undefined) reply.headers(block);
    else (reply as unknown as Record<symbol, unknown>)[replyHeaders] = { ...block, ...held };
  };
}

/**
 * The headers of DESIGN section 7 on every reply, errors and 404s included: a page's block, or the API's
 * for API paths. They depend on the configuration alone, so they are computed once at start and set as one
 * block on each request (an onRequest hook runs before any reply, an error's or a 404's too).
 */
async function securityHeaders(app: FastifyInstance) {
  const page = securityHeaderBlock(app.config);
  const api = apiHeaderBlock(app.config);
  const setHeaders = headerSetter();
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(reply, API_REPLY.test(request.url) ? api : page);
    done();
  });
  registerNoStore(app);
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['config'] });
