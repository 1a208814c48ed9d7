import type { StandInPlan } from './paypal-stand-in';

/** Credentials the stand-in accepts; the secret is made up and never leaves the tests. */
export const standInClientId = 'AZsandboxClientId-stand-in';
export const standInSecret = 'EKsecret-stand-in-9f3b2c71d8a4';

/** Euro prices, unlike the USD defaults, so a test can tell that prices and currency came from PayPal. */
export const euroPlans: StandInPlan[] = [
  {
    id: 'P-3MONTHLY5EUR7HJ6Q2WQ',
    name: 'Monthly',
    value: '12.50',
    currency: 'EUR',
    intervalUnit: 'MONTH',
    intervalCount: 1,
  },
  {
    id: 'P-8WEEKLY4EUR2KD9T5XZ',
    name: 'Weekly',
    value: '4.75',
    currency: 'EUR',
    intervalUnit: 'WEEK',
    intervalCount: 1,
  },
  {
    id: 'P-6TWODAY1EUR0LM3R8PV',
    name: 'Two days',
    value: '1.90',
    currency: 'EUR',
    intervalUnit: 'DAY',
    intervalCount: 2,
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
