import { z } from 'zod';
import { CURRENCY_PATTERN, INTERVAL_UNITS, PRICE_PATTERN } from './plan-rules.js';

export const planIdSchema = z.enum(['monthly', 'weekly', 'two_day']);
export type PlanId = z.infer<typeof planIdSchema>;

export const planSchema = z.object({
  id: planIdSchema,
  price: z.string().regex(PRICE_PATTERN).describe('Decimal string in the reply\'s currency, e.g. "16.99"'),
  interval_unit: z.enum(INTERVAL_UNITS),
  interval_count: z.number().int().positive().describe('Billed every interval_count interval_units'),
  paypal_plan_id: z.string().nullable().describe('The configured PayPal billing plan id, null when unset'),
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
  monthly: z.string(),
  weekly: z.string(),
  two_day: z.string(),
});
export type PricesReply = z.infer<typeof pricesReplySchema>;
