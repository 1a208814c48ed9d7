import type { FastifyInstance, onSendHookHandler } from 'fastify';
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

// Synchronous: an async hook would cost a promise and a microtask turn on every such reply.
const noStore: onSendHookHandler = (_request, reply, payload, done) => {
  reply.header('cache-control', 'no-store');
  done(null, payload);
};

/**
 * DESIGN section 7: replies that carry a token say `Cache-Control: no-store`, so no browser or proxy cache
 * keeps one. Decided by each route's declared reply schemas, once, when the route is added: a new route that
 * answers with a user JSON or a QR code gets the header without remembering to set it.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const replies = Object.values((route.schema?.response ?? {}) as Record<string, unknown>);
    if (!replies.some((schema) => PRIVATE_REPLIES.has(schema))) return;
    const existing = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...existing, noStore];
  });
}
