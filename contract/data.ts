import { z } from 'zod';
import { mailedCodeSchema } from './email-verification.js';
import { EMAIL_CODE_PURPOSES } from './email-codes.js';
import { sessionKindSchema } from './cable.js';
import { subscriptionPlanSchema, subscriptionStatusSchema } from './subscriptions.js';

const time = z.string().describe('ISO 8601 time');
const maybeTime = time.nullable();

/** The account row, without the password hash. */
export const exportedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.number().int(),
  created_at: time,
  updated_at: time,
  password_changed_at: time,
  email_verified_at: maybeTime.describe('When the address was confirmed; null while it is not'),
});

/** A session, without its token hash. */
export const exportedSessionSchema = z.object({
  id: z.string().describe('Public id of the session, as the Devices list names it (not its token)'),
  kind: sessionKindSchema,
  created_at: time,
  last_used_at: time,
  expires_at: time,
  user_agent: z.string().nullable(),
  pending: z.boolean().describe('A QR code not used yet'),
});

export const exportedSubscriptionSchema = z.object({
  paypal_subscription_id: z.string(),
  plan: subscriptionPlanSchema,
  paypal_plan_id: z.string(),
  status: subscriptionStatusSchema,
  next_billing_at: maybeTime,
  last_payment_at: maybeTime,
  payment_failed: z.boolean(),
  status_changed_at: time,
  access_until: maybeTime,
  created_at: time,
  updated_at: time,
});

/** A passkey: its name and dates, never its public key or credential id. */
export const exportedPasskeySchema = z.object({
  name: z.string(),
  created_at: time,
  last_used_at: maybeTime,
});

/** A reset link or an e-mail change asked for: when, and until when it works (never its token). */
export const exportedLinkSchema = z.object({ created_at: time, expires_at: time, used_at: maybeTime });

export const exportedEmailChangeSchema = z.object({
  new_email: z.string(),
  created_at: time,
  expires_at: time,
});

/** A code mailed to the account (DESIGN 13): what for, when, until when and whether used (never the code). */
export const exportedEmailCodeSchema = z.object({
  purpose: z.enum(EMAIL_CODE_PURPOSES),
  created_at: time,
  expires_at: time,
  used_at: maybeTime,
});

/** An audit event about the account (its subject is a keyed hash, so it is left out). */
export const exportedAuditEventSchema = z.object({ at: time, event: z.string(), ip: z.string().nullable() });

/** GET /api/v1/export: every row that names the user, with no secret, hash or token (DESIGN section 12). */
export const exportReplySchema = z.object({
  exported_at: time,
  user: exportedUserSchema,
  sessions: z.array(exportedSessionSchema),
  subscriptions: z.array(exportedSubscriptionSchema),
  passkeys: z.array(exportedPasskeySchema),
  two_factor: z.object({ enabled: z.boolean() }),
  password_resets: z.array(exportedLinkSchema),
  email_changes: z.array(exportedEmailChangeSchema),
  email_codes: z.array(exportedEmailCodeSchema),
  /** Connected Google, Apple or other OpenID accounts (DESIGN 14): never the provider's subject. */
  identities: z.array(
    z.object({
      provider: z.string(),
      email: z.string().nullable(),
      created_at: time,
      last_used_at: time.nullable(),
    }),
  ),
  audit_events: z.array(exportedAuditEventSchema),
});
export type ExportReply = z.infer<typeof exportReplySchema>;

/** POST /api/v1/email_change: the new address and the password, or a code from POST /api/v1/reauth_code. */
export const emailChangeBodySchema = z.union([
  z.object({ email: z.string(), password: z.string() }),
  z.object({ email: z.string(), code: mailedCodeSchema }),
]);
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

export const confirmEmailChangeBodySchema = z.object({ token: z.string() });
export type ConfirmEmailChangeBody = z.infer<typeof confirmEmailChangeBodySchema>;
