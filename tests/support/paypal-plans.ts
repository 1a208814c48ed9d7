import type { Plan } from '../../contract/prices';
import type { StandInPlan } from './paypal-stand-in';

/** Credentials the stand-in accepts; the secret is made up and never leaves the tests. */
export const standInClientId = 'AZsandboxClientId-stand-in';
export const standInSecret = 'EKsecret-stand-in-9f3b2c71d8a4';

/**
 * Euro prices, unlike the USD defaults, so a test can tell that prices and currency came from PayPal; with
 * descriptions and each kind of trial (free, discounted, none), which the defaults never have.
 */
export const euroPlans: StandInPlan[] = [
  {
    id: 'P-3MONTHLY5EUR7HJ6Q2WQ',
    name: 'Monthly',
    description: 'Everything, billed once a month: the best value.',
    value: '12.50',
    currency: 'EUR',
    intervalUnit: 'MONTH',
    intervalCount: 1,
    trial: { intervalUnit: 'DAY', intervalCount: 7, totalCycles: 2 },
  },
  {
    id: 'P-8WEEKLY4EUR2KD9T5XZ',
    name: 'Weekly',
    description: 'Everything, week by week. Stop whenever you like.',
    value: '4.75',
    currency: 'EUR',
    intervalUnit: 'WEEK',
    intervalCount: 1,
    trial: { intervalUnit: 'WEEK', intervalCount: 1, totalCycles: 1, value: '1.00' },
  },
  {
    id: 'P-6TWODAY1EUR0LM3R8PV',
    name: 'Two-day',
    description: 'Everything for two days at a time, for a short project.',
    value: '1.90',
    currency: 'EUR',
    intervalUnit: 'DAY',
    intervalCount: 2,
  },
];

/**
 * The euro plans as GET /api/v1/paypal_prices gives them, written out: the monthly plan's two free 7-day
 * trial cycles read as one trial of 14 days.
 */
export const euroPlansInTheReply: Plan[] = [
  {
    id: 'monthly',
    name: 'Monthly',
    description: 'Everything, billed once a month: the best value.',
    price: '12.50',
    interval_unit: 'MONTH',
    interval_count: 1,
    paypal_plan_id: 'P-3MONTHLY5EUR7HJ6Q2WQ',
    trial: { interval_unit: 'DAY', interval_count: 14, price: '0' },
  },
  {
    id: 'weekly',
    name: 'Weekly',
    description: 'Everything, week by week. Stop whenever you like.',
    price: '4.75',
    interval_unit: 'WEEK',
    interval_count: 1,
    paypal_plan_id: 'P-8WEEKLY4EUR2KD9T5XZ',
    trial: { interval_unit: 'WEEK', interval_count: 1, price: '1.00' },
  },
  {
    id: 'two_day',
    name: 'Two-day',
    description: 'Everything for two days at a time, for a short project.',
    price: '1.90',
    interval_unit: 'DAY',
    interval_count: 2,
    paypal_plan_id: 'P-6TWODAY1EUR0LM3R8PV',
    trial: null,
  },
];

/** The app's PAYPAL_* settings for a stand-in at `url`. */
export function payPalEnvFor(url: string, environment: 'sandbox' | 'production' = 'sandbox') {
  const [monthly, weekly, twoDay] = euroPlans;
  return {
    PAYPAL_ENV: environment,
    [environment === 'sandbox' ? 'PAYPAL_CLIENT_ID_SANDBOX' : 'PAYPAL_CLIENT_ID_PRODUCTION']: standInClientId,
    PAYPAL_CLIENT_SECRET: standInSecret,
    PAYPAL_API_BASE: url,
    PAYPAL_PLAN_MONTHLY: monthly?.id ?? '',
    PAYPAL_PLAN_WEEKLY: weekly?.id ?? '',
    PAYPAL_PLAN_TWO_DAY: twoDay?.id ?? '',
  };
}
