import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { API_PATHS } from '../../contract/api-paths.js';
import { qrReplySchema } from '../../contract/qr.js';
import { recoveryCodesReplySchema, twoFactorSetupReplySchema } from '../../contract/two-factor.js';
import { loginReplySchema, meReplySchema, userSchema } from '../../contract/users.js';

/** Reply schemas of calls whose answer carries a token or the signed-in person's account. */
const PRIVATE_REPLIES: ReadonlySet<unknown> = new Set([
  userSchema,
  meReplySchema,
  qrReplySchema,
  loginReplySchema,
  twoFactorSetupReplySchema,
  recoveryCodesReplySchema,
]);

/**
 * The API calls whose replies hold nothing of any person: the plan prices, the API's own description and
 * PayPal's webhook. Every other call under /api/ is treated as personal, so a new one is covered by default.
 */
export const PUBLIC_API_PATHS: ReadonlySet<string> = new Set([
  API_PATHS.prices,
  API_PATHS.openApi,
  API_PATHS.paypalWebhook,
]);

const isPersonal = (url: string, replies: unknown[]) =>
  (url.startsWith('/api/') && !PUBLIC_API_PATHS.has(url)) ||
  replies.some((schema) => PRIVATE_REPLIES.has(schema));

// Synchronous: an async hook would cost a promise and a microtask turn on every such reply.
const noStore: onSendHookHandler = (_request, reply, payload, done) => {
  reply.header('cache-control', 'no-store');
  done(null, payload);
};

/**
 * DESIGN section 7: replies that carry a token or personal data say `Cache-Control: no-store`, so no browser
 * or proxy cache keeps one. Decided once per route, when it is added: every API call but the few public ones
 * above, and any route whose declared replies hold a user JSON, a token or a QR code. A new route gets the
 * header without remembering to set it; a public one has to be named.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const replies = Object.values((route.schema?.response ?? {}) as Record<string, unknown>);
    if (!isPersonal(route.url, replies)) return;
    const existing = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...existing, noStore];
  });
}
