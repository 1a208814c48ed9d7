import { z } from 'zod';
import { deviceSessionSchema } from './devices.js';
import { subscriptionSchema, subscriptionStatusSchema } from './subscriptions.js';
import { ADMIN_PAGE_SIZE, REASON_MAX } from './support-rules.js';

const time = z.string().describe('ISO 8601 time');
const cursor = z
  .string()
  .nullable()
  .describe('Pass it as `cursor` (`before` for audit events) for the next page; null on the last page');

/**
 * A person as the support console lists them (DESIGN 16). `email_verified` is added by e-mail verification
 * (DESIGN 13); a server built without that feature leaves it out.
 */
export const adminUserSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.number().int().describe('1 for a support agent: the console acts on no agent'),
  created_at: time,
  email_verified: z.boolean().optional(),
  two_factor: z.boolean().describe('Two-step sign-in with an authenticator app is on'),
  passkeys: z.number().int(),
  sessions: z.number().int().describe('Signed-in devices'),
  subscription_status: subscriptionStatusSchema
    .nullable()
    .describe('Of the current subscription, else the latest'),
  locked: z.boolean().describe('100 wrong passwords or codes in a row: password checks are stopped'),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSummarySchema).describe(`${ADMIN_PAGE_SIZE} a page, by e-mail address`),
  next_cursor: cursor,
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserQuerySchema = z.object({
  q: z.string().max(254).optional().describe('Part of the e-mail address, any case'),
  cursor: z.string().max(300).optional(),
});

export const adminUserParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** An audit event as the console shows it; `agent` names the support agent who acted, if one did. */
export const adminAuditEventSchema = z.object({
  id: z.number().int(),
  at: time,
  event: z.string(),
  ip: z.string().nullable(),
  agent: z
    .object({
      id: z.number().int().nullable(),
      email: z.string().nullable().describe('null once the account is no longer an agent'),
    })
    .nullable()
    .describe('null unless a support agent did it'),
  reason: z.string().nullable().describe('The agent’s reason'),
});
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;

/** A provider identity (DESIGN 14), as the console shows it once that feature is on the server. */
export const adminIdentitySchema = z.object({
  id: z.string(),
  provider: z.string(),
  email: z.string().nullable(),
  created_at: time,
  last_used_at: time.nullable(),
});

/** A person's page: the summary, with the devices, identities, subscription and last 100 audit events. */
export const adminUserDetailSchema = adminUserSummarySchema.extend({
  sessions: z.array(deviceSessionSchema).describe('As GET /api/v1/sessions lists them; none is "current"'),
  identities: z.array(adminIdentitySchema).optional().describe('With provider sign-in (DESIGN 14) only'),
  subscription: subscriptionSchema.nullable(),
  audit_events: z.array(adminAuditEventSchema).describe('The newest 100, newest first'),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminReasonBodySchema = z.object({
  reason: z
    .string()
    .max(REASON_MAX * 4)
    .describe('Why: 10 to 500 characters, kept in the audit trail'),
});
export type AdminReasonBody = z.infer<typeof adminReasonBodySchema>;

export const adminAuditQuerySchema = z.object({
  user: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional()
    .describe('Events of this account'),
  event: z.string().max(64).optional(),
  before: z.coerce.number().int().positive().optional().describe('Events older than this id'),
});

export const adminAuditListSchema = z.object({
  events: z.array(adminAuditEventSchema).describe(`Newest first, ${ADMIN_PAGE_SIZE} a page`),
  next_cursor: cursor,
});
export type AdminAuditList = z.infer<typeof adminAuditListSchema>;
