import { z } from 'zod';

export const subscriptionPlanSchema = z.enum(['monthly', 'weekly', 'two_day']);
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const subscriptionStatusSchema = z.enum([
  'APPROVAL_PENDING',
  'APPROVED',
  'ACTIVE',
  'SUSPENDED',
  'CANCELLED',
  'EXPIRED',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The subscription JSON of DESIGN section 9. */
export const subscriptionSchema = z.object({
  id: z.string().describe('PayPal subscription id, "I-…"'),
  plan: subscriptionPlanSchema,
  status: subscriptionStatusSchema.describe('As PayPal names it'),
  entitled: z.boolean().describe('Whether the user has the paid product now'),
  next_billing_at: z.string().nullable().describe('ISO 8601 time'),
  access_until: z
    .string()
    .nullable()
    .describe(
      'ISO 8601 time when access ends if nothing changes: the end of the period already paid once CANCELLED, the end of the grace days while SUSPENDED',
    ),
  payment_failed: z.boolean(),
  fix_payment_url: z
    .string()
    .nullable()
    .describe(
      "While a payment has failed: PayPal's page where the payer fixes the payment method (the sandbox twin in sandbox); else null",
    ),
  trial_ends_at: z
    .string()
    .nullable()
    .describe(
      'ISO 8601 time the trial ends and the first regular payment is due, while in a trial; else null',
    ),
});
export type SubscriptionJson = z.infer<typeof subscriptionSchema>;

export const createSubscriptionBodySchema = z.object({ plan: subscriptionPlanSchema });
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBodySchema>;

export const createSubscriptionReplySchema = z.object({
  subscription_id: z.string(),
  approve_url: z.string().describe('Where the subscriber approves the subscription at PayPal'),
});
export type CreateSubscriptionReply = z.infer<typeof createSubscriptionReplySchema>;

export const confirmSubscriptionBodySchema = z.object({ subscription_id: z.string().min(1).max(50) });
export type ConfirmSubscriptionBody = z.infer<typeof confirmSubscriptionBodySchema>;

export const currentSubscriptionReplySchema = z.object({
  subscription: subscriptionSchema.nullable(),
  subscriptions: z
    .array(subscriptionSchema)
    .describe(
      'Every ACTIVE or SUSPENDED subscription, newest first: PayPal may bill each, each can be cancelled',
    ),
});
export type CurrentSubscriptionReply = z.infer<typeof currentSubscriptionReplySchema>;

export const cancelSubscriptionBodySchema = z
  .object({
    subscription_id: z
      .string()
      .min(1)
      .max(50)
      .optional()
      .describe('Which one; without it, the newest ACTIVE or SUSPENDED subscription'),
  })
  .nullish();
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBodySchema>;

export const webhookReplySchema = z.object({ received: z.literal(true) });

/** POST /api/v1/subscription/change (DESIGN 15): PayPal's revise of the current ACTIVE subscription. */
export const changePlanBodySchema = z.object({ plan: subscriptionPlanSchema });
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

export const changePlanReplySchema = z.object({
  approve_url: z
    .string()
    .describe(
      'Where the subscriber approves the new plan at PayPal; PayPal then sends them back to /account/billing. The new plan starts at the next billing, nothing is prorated',
    ),
});
export type ChangePlanReply = z.infer<typeof changePlanReplySchema>;
