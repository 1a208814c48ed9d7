import { describe, expect, it } from 'vitest';
import { planReplySchema, regularPrice } from './paypal-plan.js';

// Billing cycles as billing_plans_v1 writes them: a free trial has no pricing_scheme at all.
const regular = {
  tenure_type: 'REGULAR',
  sequence: 3,
  total_cycles: 0,
  frequency: { interval_unit: 'MONTH', interval_count: 1 },
  pricing_scheme: { version: 1, fixed_price: { currency_code: 'EUR', value: '12.50' } },
};
const freeWeek = {
  tenure_type: 'TRIAL',
  sequence: 1,
  total_cycles: 1,
  frequency: { interval_unit: 'WEEK', interval_count: 1 },
};
const cheapMonths = {
  tenure_type: 'TRIAL',
  sequence: 2,
  total_cycles: 3,
  frequency: { interval_unit: 'MONTH', interval_count: 1 },
  pricing_scheme: { version: 1, fixed_price: { currency_code: 'EUR', value: '5.00' } },
};

const read = (body: object) => regularPrice(planReplySchema.parse(body));

describe("reading a PayPal plan's details", () => {
  it('takes the name and description PayPal gives, and null for either it left out', () => {
    expect(read({ name: 'Monthly', description: 'All of it.', billing_cycles: [regular] })).toMatchObject({
      name: 'Monthly',
      description: 'All of it.',
      trial: null,
    });
    expect(read({ billing_cycles: [regular] })).toMatchObject({ name: null, description: null });
  });

  it('ignores a name or description that is blank or not text, rather than losing the price', () => {
    expect(read({ name: 42, description: '  ', billing_cycles: [regular] })).toMatchObject({
      name: null,
      description: null,
      price: '12.50',
    });
  });

  it('reads a free trial, which has no price object, as price "0"', () => {
    expect(read({ billing_cycles: [freeWeek, regular] })?.trial).toEqual({
      interval_unit: 'WEEK',
      interval_count: 1,
      price: '0',
    });
  });

  it('takes the first trial by sequence, its length and price being the cycle times its total_cycles', () => {
    expect(read({ billing_cycles: [regular, cheapMonths] })?.trial).toEqual({
      interval_unit: 'MONTH',
      interval_count: 3,
      price: '15.00',
    });
    expect(read({ billing_cycles: [cheapMonths, regular, freeWeek] })?.trial).toMatchObject({
      interval_unit: 'WEEK',
    });
  });

  it('multiplies a trial price digit for digit, as money must be', () => {
    const trialOf = (value: string, total_cycles: number) =>
      read({
        billing_cycles: [
          regular,
          { ...cheapMonths, total_cycles, pricing_scheme: { fixed_price: { currency_code: 'EUR', value } } },
        ],
      })?.trial?.price;
    expect(trialOf('0.10', 3)).toBe('0.30');
    expect(trialOf('0.07', 1)).toBe('0.07');
    expect(trialOf('.5', 4)).toBe('2.0');
    expect(trialOf('1000', 12)).toBe('12000');
    expect(trialOf('0', 5)).toBe('0');
  });
});
