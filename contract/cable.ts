import { z } from 'zod';
import { SESSION_KINDS, SIGNED_OUT_REASONS } from './account-events.js';
import { subscriptionSchema } from './subscriptions.js';

export const sessionKindSchema = z.enum(SESSION_KINDS);
export type { SessionKind, SignedOutReason } from './account-events.js';

/** What AccountChannel streams to every connection of a user. */
export const accountEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('session_created'), kind: sessionKindSchema }),
  z.object({ event: z.literal('password_changed') }),
  /** This session ended; `reason` says why (absent from a server older than decision 169). */
  z.object({ event: z.literal('signed_out'), reason: z.enum(SIGNED_OUT_REASONS).optional() }),
  z.object({ event: z.literal('account_deleted') }),
  z.object({ event: z.literal('email_changed') }),
  z.object({ event: z.literal('security_changed') }),
  z.object({ event: z.literal('subscription_changed'), subscription: subscriptionSchema }),
  /** Another session of the user was revoked: its public id, as GET /api/v1/sessions names it. */
  z.object({ event: z.literal('session_ended'), id: z.string() }),
  /** The account's e-mail address was confirmed (DESIGN 13): open pages drop the banner. */
  z.object({ event: z.literal('email_verified') }),
]);
export type AccountEvent = z.infer<typeof accountEventSchema>;

export { ACCOUNT_CHANNEL, CABLE_SUBPROTOCOL } from './cable-names.js';
