import { z } from 'zod';
import { CURRENCY_PATTERN, INTERVAL_UNITS, PRICE_PATTERN } from '../../contract/plan-rules.js';
import type { Plan } from '../../contract/prices.js';

// PayPal's money value: a decimal string; a price below zero makes no sense for a plan.
const priceValue = z.string().regex(PRICE_PATTERN);

const billingCycleSchema = z.object({
  tenure_type: z.string(),
  frequency: z.object({
    interval_unit: z.enum(INTERVAL_UNITS),
    interval_count: z.number().int().positive(),
  }),
  pricing_scheme: z
    .object({
      fixed_price: z
        .object({ value: priceValue, currency_code: z.string().regex(CURRENCY_PATTERN) })
        .optional(),
    })
    .optional(),
});

/** The part of PayPal's `GET /v1/billing/plans/{id}` reply the prices need. */
export const planReplySchema = z.object({ billing_cycles: z.array(billingCycleSchema) });

export interface PlanPrice {
  price: string;
  currency: string;
  interval_unit: Plan['interval_unit'];
  interval_count: number;
}

/** The price a subscriber pays: the REGULAR cycle's fixed price (trial cycles come first and are cheaper). */
export function regularPrice(plan: z.infer<typeof planReplySchema>): PlanPrice | null {
  const regular = plan.billing_cycles.find((cycle) => cycle.tenure_type === 'REGULAR');
  const fixed = regular?.pricing_scheme?.fixed_price;
  if (!regular || !fixed) return null;
  return {
    price: fixed.value,
    currency: fixed.currency_code,
    interval_unit: regular.frequency.interval_unit,
    interval_count: regular.frequency.interval_count,
  };
}
