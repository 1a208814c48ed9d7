import type { PricesReply } from '../../contract/prices.js';
import type { DbOrTx } from '../db/database.js';

/**
 * A user row written straight to the database, for tests that need an account but not the sign-up route.
 * The hash is a placeholder unless a test passes a real one (then the password works for sign-in).
 */
export async function insertTestUser(
  db: DbOrTx,
  { email = 'ada@example.com', passwordHash = 'x' }: { email?: string; passwordHash?: string } = {},
): Promise<{ id: number; email: string }> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      email,
      password_hash: passwordHash,
      role: 0,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email };
}

/** DESIGN section 4: the prices reply while PayPal is unset or has never answered. */
// What the defaults have none of: a PayPal plan id, a description, a trial.
const unset = { description: null, paypal_plan_id: null, trial: null };

export const DEFAULT_PRICES_REPLY: PricesReply = {
  environment: 'production',
  client_id: null,
  currency: 'USD',
  source: 'default',
  plans: [
    { id: 'monthly', name: 'Monthly', price: '16.99', interval_unit: 'MONTH', interval_count: 1, ...unset },
    { id: 'weekly', name: 'Weekly', price: '7.99', interval_unit: 'WEEK', interval_count: 1, ...unset },
    { id: 'two_day', name: 'Two-day', price: '2.49', interval_unit: 'DAY', interval_count: 2, ...unset },
  ],
  recommended: 'monthly',
  monthly: '16.99',
  weekly: '7.99',
  two_day: '2.49',
};
