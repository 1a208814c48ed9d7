import { z } from 'zod';

export const planIdSchema = z.enum(['monthly', 'weekly', 'two_day']);
export type PlanId = z.infer<typeof planIdSchema>;

export const planSchema = z.object({
  id: planIdSchema,
  price: z.string().describe('Decimal string, e.g. "16.99"'),
  interval_unit: z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR']),
  interval_count: z.number().int(),
  paypal_plan_id: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const pricesReplySchema = z.object({
  environment: z.enum(['production', 'sandbox']),
  client_id: z.string().nullable(),
  currency: z.string(),
  source: z.enum(['paypal', 'default']),
  plans: z.array(planSchema),
  monthly: z.string(),
  weekly: z.string(),
  two_day: z.string(),
});
export type PricesReply = z.infer<typeof pricesReplySchema>;
