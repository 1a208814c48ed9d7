import { z } from 'zod';
import { CURRENCY_PATTERN, INTERVAL_UNITS, PRICE_PATTERN } from './plan-rules.js';

export const planIdSchema = z.enum(['monthly', 'weekly', 'two_day']);
export type PlanId = z.infer<typeof planIdSchema>;

/** A plan's TRIAL cycle (DESIGN 15): its length and price; "0" is free. */
export const trialSchema = z.object({
  interval_unit: z.enum(INTERVAL_UNITS),
  interval_count: z
    .number()
    .int()
    .positive()
    .describe("The trial's whole length: the cycle's interval_count times its total_cycles"),
  price: z.string().regex(PRICE_PATTERN).describe('For the whole trial; "0" when free'),
});
export type Trial = z.infer<typeof trialSchema>;

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string().describe("The PayPal plan's name; 'Monthly', 'Weekly' or 'Two-day' by default"),
  description: z.string().nullable().describe("The PayPal plan's description; null when it has none"),
  price: z.string().regex(PRICE_PATTERN).describe('Decimal string in the reply\'s currency, e.g. "16.99"'),
  interval_unit: z.enum(INTERVAL_UNITS),
  interval_count: z.number().int().positive().describe('Billed every interval_count interval_units'),
  paypal_plan_id: z.string().nullable().describe('The configured PayPal billing plan id, null when unset'),
  trial: trialSchema.nullable().describe("The plan's first TRIAL cycle, null when it has none"),
});
export type Plan = z.infer<typeof planSchema>;

export const pricesReplySchema = z.object({
  environment: z.enum(['production', 'sandbox']),
  client_id: z.string().nullable().describe('The public PayPal client id of this environment'),
  currency: z.string().regex(CURRENCY_PATTERN).describe('ISO 4217 code of every price'),
  source: z
    .enum(['paypal', 'default'])
    .describe(
      '"paypal": prices PayPal gave (maybe the last good ones); "default": PayPal unset or never answered',
    ),
  plans: z.array(planSchema),
  recommended: planIdSchema.describe(
    'The plan the pricing page marks as recommended (PAYPAL_PLAN_RECOMMENDED)',
  ),
  monthly: z.string(),
  weekly: z.string(),
  two_day: z.string(),
});
export type PricesReply = z.infer<typeof pricesReplySchema>;
