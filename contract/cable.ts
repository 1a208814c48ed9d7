import { z } from 'zod';

export const sessionKindSchema = z.enum(['password', 'signup', 'qr']);
export type SessionKind = z.infer<typeof sessionKindSchema>;

/** What AccountChannel streams to every connection of a user. */
export const accountEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('session_created'), kind: sessionKindSchema }),
  z.object({ event: z.literal('password_changed') }),
  z.object({ event: z.literal('signed_out') }),
  z.object({ event: z.literal('account_deleted') }),
]);
export type AccountEvent = z.infer<typeof accountEventSchema>;

export { ACCOUNT_CHANNEL, CABLE_SUBPROTOCOL } from './cable-names.js';
