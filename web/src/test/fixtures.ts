import type { PricesReply } from '@contract/prices';
import type { DeviceSession } from '@contract/devices';
import type { SubscriptionJson } from '@contract/subscriptions';
import type { Me, User } from '@contract/users';

export const signedInUser: User = {
  id: 7,
  email: 'ada@example.com',
  auth_token: 'token-of-ada',
  role: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  email_verified: true,
  has_password: true,
};

/** What GET /api/v1/me says of the signed-in user: the same, without the token. */
export const signedInMe: Me = {
  id: signedInUser.id,
  email: signedInUser.email,
  role: signedInUser.role,
  created_at: signedInUser.created_at,
  email_verified: signedInUser.email_verified,
  has_password: signedInUser.has_password,
  subscription: null,
};

/**
 * Prices as PayPal gave them, in a currency other than the defaults' dollars, with names, descriptions and
 * trials of PayPal's plans.
 */
export const euroPrices: PricesReply = {
  environment: 'production',
  client_id: 'live-id',
  currency: 'EUR',
  source: 'paypal',
  plans: [
    {
      id: 'monthly',
      name: 'Monthly',
      description: 'Everything, billed once a month: the best value.',
      price: '12.50',
      interval_unit: 'MONTH',
      interval_count: 1,
      paypal_plan_id: 'P-1',
      trial: { interval_unit: 'DAY', interval_count: 14, price: '0' },
    },
    {
      id: 'weekly',
      name: 'Weekly',
      description: 'Week by week.',
      price: '4.75',
      interval_unit: 'WEEK',
      interval_count: 1,
      paypal_plan_id: 'P-2',
      trial: { interval_unit: 'WEEK', interval_count: 1, price: '1.00' },
    },
    {
      id: 'two_day',
      name: 'Two-day',
      description: null,
      price: '1.90',
      interval_unit: 'DAY',
      interval_count: 2,
      paypal_plan_id: 'P-3',
      trial: null,
    },
  ],
  recommended: 'monthly',
  monthly: '12.50',
  weekly: '4.75',
  two_day: '1.90',
};

/** A monthly subscription that runs, paid until 5 March 2027, as the subscription JSON of DESIGN 9 says it. */
export const activeSubscription: SubscriptionJson = {
  id: 'I-ACTIVE1',
  plan: 'monthly',
  status: 'ACTIVE',
  entitled: true,
  next_billing_at: '2027-03-05T10:00:00.000Z',
  access_until: null,
  payment_failed: false,
  fix_payment_url: null,
  trial_ends_at: null,
};

/** The session of the page under test, as GET /api/v1/sessions lists it. */
export const thisDevice: DeviceSession = {
  id: 'this-device-id',
  kind: 'password',
  device: 'Chrome on Linux',
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: '2026-01-02T00:00:00.000Z',
  current: true,
};

/**
 * What the account page reads when it opens, answered for a user with no subscription and no payments, no passkeys, no
 * other signed-in device and two-step sign-in off; `undefined` for any other call, which the test answers
 * itself.
 */
export function accountPageReads(call: { method: string; path: string }, me: Me = signedInMe) {
  if (call.method !== 'GET') return undefined;
  if (call.path === '/api/v1/me') return { status: 200, body: me };
  if (call.path === '/api/v1/subscription')
    return { status: 200, body: { subscription: null, subscriptions: [] } };
  if (call.path === '/api/v1/billing/transactions') return { status: 200, body: { transactions: [] } };
  if (call.path === '/api/v1/passkeys') return { status: 200, body: { passkeys: [] } };
  if (call.path === '/api/v1/sessions') return { status: 200, body: { sessions: [thisDevice] } };
  if (call.path === '/api/v1/two_factor')
    return { status: 200, body: { enabled: false, recovery_codes_left: 0 } };
  // A server without OpenID providers (DESIGN 14): the security page shows no connected accounts.
  if (call.path === '/api/v1/auth/providers') return { status: 200, body: { providers: [] } };
  return undefined;
}
