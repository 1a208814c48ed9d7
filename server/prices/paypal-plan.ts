import { z } from 'zod';
import { CURRENCY_PATTERN, INTERVAL_UNITS, PRICE_PATTERN } from '../../contract/plan-rules.js';
import type { Plan } from '../../contract/prices.js';

// PayPal's money value: a decimal string; a price below zero makes no sense for a plan.
const priceValue = z.string().regex(PRICE_PATTERN);

const billingCycleSchema = z.object({
  tenure_type: z.string(),
  sequence: z.number().int().optional(),
  /** How many times the cycle runs; 0 is forever (REGULAR only). */
  total_cycles: z.number().int().min(0).optional(),
  frequency: z.object({
    interval_unit: z.enum(INTERVAL_UNITS),
    interval_count: z.number().int().positive(),
  }),
  // A free trial cycle has no price at all, as PayPal documents.
  pricing_scheme: z
    .object({
      fixed_price: z
        .object({ value: priceValue, currency_code: z.string().regex(CURRENCY_PATTERN) })
        .optional(),
    })
    .optional(),
});
type BillingCycle = z.infer<typeof billingCycleSchema>;

/** The part of PayPal's `GET /v1/billing/plans/{id}` reply the pricing page needs. */
export const planReplySchema = z.object({
  name: z.string().trim().min(1).optional().catch(undefined),
  description: z.string().trim().min(1).optional().catch(undefined),
  billing_cycles: z.array(billingCycleSchema),
});

/** What the pricing page shows of one PayPal plan; name and description are null when PayPal has none. */
export type PlanPrice = Pick<Plan, 'price' | 'interval_unit' | 'interval_count' | 'trial'> & {
  currency: string;
  name: string | null;
  description: string | null;
};

/** A decimal string times a whole number, digit for digit: "5.00" × 3 is "15.00". */
function times(value: string, count: number): string {
  const [whole = '', fraction = ''] = value.split('.');
  const total = (BigInt(`${whole}${fraction}` || '0') * BigInt(count))
    .toString()
    .padStart(fraction.length + 1, '0');
  return fraction ? `${total.slice(0, -fraction.length)}.${total.slice(-fraction.length)}` : total;
}

/**
 * The first TRIAL cycle (PayPal allows two) as one stretch: its length and what it costs in all, so a cycle
 * of 7 days run twice is 14 days, and three months at 5.00 each are three months for 15.00.
 */
function firstTrial(cycles: BillingCycle[]): Plan['trial'] {
  const trial = cycles
    .filter((cycle) => cycle.tenure_type === 'TRIAL')
    .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0))[0];
  if (!trial) return null;
  const runs = Math.max(trial.total_cycles ?? 1, 1);
  return {
    interval_unit: trial.frequency.interval_unit,
    interval_count: trial.frequency.interval_count * runs,
    price: times(trial.pricing_scheme?.fixed_price?.value ?? '0', runs),
  };
}

/**
 * The price a subscriber pays: the REGULAR cycle's fixed price (trial cycles come first and are cheaper),
 * with the plan's name, description and trial.
 */
export function regularPrice(plan: z.infer<typeof planReplySchema>): PlanPrice | null {
  const regular = plan.billing_cycles.find((cycle) => cycle.tenure_type === 'REGULAR');
  const fixed = regular?.pricing_scheme?.fixed_price;
  if (!regular || !fixed) return null;
  return {
    price: fixed.value,
    currency: fixed.currency_code,
    interval_unit: regular.frequency.interval_unit,
    interval_count: regular.frequency.interval_count,
    name: plan.name ?? null,
    description: plan.description ?? null,
    trial: firstTrial(plan.billing_cycles),
  };
}
