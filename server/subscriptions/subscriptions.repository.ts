import { isUniqueViolation } from '../db/errors.js';
import type { SubscriptionPlan, SubscriptionStatus } from '../../contract/subscriptions.js';
import { type Param, prepare } from '../db/prepared-query.js';
import type { DbOrTx } from '../db/database.js';
import type { SubscriptionRow } from '../db/schema.js';

/** A subscription row in the app's words. */
export interface Subscription {
  id: number;
  userId: number;
  paypalSubscriptionId: string;
  plan: SubscriptionPlan;
  paypalPlanId: string;
  status: SubscriptionStatus;
  nextBillingAt: string | null;
  lastPaymentAt: string | null;
  paymentFailed: boolean;
  statusChangedAt: string;
  accessUntil: string | null;
  createdAt: string;
  updatedAt: string;
  /** While in a trial: when it ends (PayPal's next billing time then); null outside one. */
  trialEndsAt: string | null;
  trialRemindedAt: string | null;
  /** Created by this server with its plan override (the trial left out: one per account). */
  planOverridden: boolean;
  /** When a full refund or a reversal ended access. */
  accessEndedAt: string | null;
}

/** What PayPal decides about a subscription; the rest (ids, times of our own) is the app's. */
export type SubscriptionState = Pick<
  Subscription,
  | 'plan'
  | 'paypalPlanId'
  | 'status'
  | 'nextBillingAt'
  | 'lastPaymentAt'
  | 'paymentFailed'
  | 'statusChangedAt'
  | 'accessUntil'
  | 'trialEndsAt'
>;

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    userId: row.user_id,
    paypalSubscriptionId: row.paypal_subscription_id,
    plan: row.plan,
    paypalPlanId: row.paypal_plan_id,
    status: row.status,
    nextBillingAt: row.next_billing_at,
    lastPaymentAt: row.last_payment_at,
    paymentFailed: row.payment_failed === 1,
    statusChangedAt: row.status_changed_at,
    accessUntil: row.access_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    trialEndsAt: row.trial_ends_at,
    trialRemindedAt: row.trial_reminded_at,
    planOverridden: row.plan_overridden === 1,
    accessEndedAt: row.access_ended_at,
  };
}

function stateColumns(state: SubscriptionState) {
  return {
    plan: state.plan,
    paypal_plan_id: state.paypalPlanId,
    status: state.status,
    next_billing_at: state.nextBillingAt,
    last_payment_at: state.lastPaymentAt,
    payment_failed: state.paymentFailed ? 1 : 0,
    status_changed_at: state.statusChangedAt,
    access_until: state.accessUntil,
    trial_ends_at: state.trialEndsAt,
  };
}

export async function findByPayPalId(db: DbOrTx, paypalId: string): Promise<Subscription | null> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('paypal_subscription_id', '=', paypalId)
    .executeTakeFirst();
  return row ? toSubscription(row) : null;
}

// GET /api/v1/me runs this on every call: prepared, and read at once on SQLite.
const subscriptionsOfUser = prepare((db, param: Param<{ userId: number }>) =>
  db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', param('userId'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc'),
);

/** Every subscription of a user, newest first. */
export async function listForUser(db: DbOrTx, userId: number): Promise<Subscription[]> {
  const rows = await subscriptionsOfUser.rows(db, { userId });
  return rows.map(toSubscription);
}

/** Every subscription of these users, newest first (a page of the support console's search). */
export async function listForUsers(db: DbOrTx, userIds: number[]): Promise<Subscription[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', 'in', userIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toSubscription);
}

/** An APPROVAL_PENDING subscription is followed this long: an approval link abandoned for a day stays so. */
export const PENDING_FOLLOWED_MS = 24 * 60 * 60_000;
/** What PayPal may still bill, or may start billing on its own. */
const BILLABLE: SubscriptionStatus[] = ['APPROVED', 'ACTIVE', 'SUSPENDED'];

/**
 * Whether PayPal may still change a subscription in a way the app must hear of: APPROVED, ACTIVE or SUSPENDED,
 * or APPROVAL_PENDING for a day after its creation (decision 154). The same rule as listFollowed's SQL.
 */
export function isFollowed(subscription: Subscription, now: Date): boolean {
  if (BILLABLE.includes(subscription.status)) return true;
  return (
    subscription.status === 'APPROVAL_PENDING' &&
    new Date(subscription.createdAt).getTime() >= now.getTime() - PENDING_FOLLOWED_MS
  );
}

/** Every subscription isFollowed says PayPal may still change: what the hourly reconciliation reads. */
export async function listFollowed(db: DbOrTx, now: Date): Promise<Subscription[]> {
  const pendingSince = new Date(now.getTime() - PENDING_FOLLOWED_MS).toISOString();
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', 'in', BILLABLE),
        eb.and([eb('status', '=', 'APPROVAL_PENDING'), eb('created_at', '>=', pendingSince)]),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map(toSubscription);
}

/** Inserts unless the PayPal id is already stored (another instance may have been first): true if inserted. */
export async function insertSubscription(
  db: DbOrTx,
  {
    userId,
    paypalSubscriptionId,
    state,
    at,
    planOverridden = false,
  }: {
    userId: number;
    paypalSubscriptionId: string;
    state: SubscriptionState;
    at: string;
    planOverridden?: boolean;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      paypal_subscription_id: paypalSubscriptionId,
      plan_overridden: planOverridden ? 1 : 0,
      ...stateColumns(state),
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('paypal_subscription_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Writes PayPal's state over the row as it was read (`updated_at` unchanged since): of two instances
 * writing the same change, one wins and the other sees false, so only one of them mails and pushes.
 */
export async function updateIfUnchanged(
  db: DbOrTx,
  { previous, state, at }: { previous: Subscription; state: SubscriptionState; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ ...stateColumns(state), updated_at: at })
    .where('id', '=', previous.id)
    .where('updated_at', '=', previous.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a PayPal event id; false when it was already recorded (a redelivery). */
/**
 * Records an event once, with the transmission that brought it: 'new', 'duplicate' (the event was recorded
 * before), or 'reused' (the transmission brought another event: a captured signature over another body).
 */
export async function recordEvent(
  db: DbOrTx,
  {
    id,
    eventType,
    at,
    transmissionId,
  }: { id: string; eventType: string; at: string; transmissionId: string },
): Promise<'new' | 'duplicate' | 'reused'> {
  const taken = await db
    .selectFrom('paypal_events')
    .select('id')
    .where('transmission_id', '=', transmissionId)
    .executeTakeFirst();
  if (taken) return taken.id === id ? 'duplicate' : 'reused';
  try {
    const result = await db
      .insertInto('paypal_events')
      .values({ id, event_type: eventType, received_at: at, transmission_id: transmissionId })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? 'new' : 'duplicate';
  } catch (error) {
    // The same transmission recorded a moment ago by a concurrent delivery of another body.
    if (isUniqueViolation(error)) return 'reused';
    throw error;
  }
}

/** Forgets an event whose handling failed, so PayPal's redelivery is handled. */
export async function forgetEvent(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('paypal_events').where('id', '=', id).execute();
}

export async function deleteEventsBefore(db: DbOrTx, before: string): Promise<number> {
  const result = await db.deleteFrom('paypal_events').where('received_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Takes the user's create lock (one create at a time per user, across instances): true when taken. A lock
 * older than `staleBefore` was left by a process that died and is taken over.
 */
export async function takeCreateLock(
  db: DbOrTx,
  { userId, at, staleBefore }: { userId: number; at: string; staleBefore: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('subscription_create_locks')
    .values({ user_id: userId, taken_at: at })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const taken = await db
    .updateTable('subscription_create_locks')
    .set({ taken_at: at })
    .where('user_id', '=', userId)
    .where('taken_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** Gives the lock back, unless another process took it over since (it was stale). */
export async function releaseCreateLock(
  db: DbOrTx,
  { userId, at }: { userId: number; at: string },
): Promise<void> {
  await db
    .deleteFrom('subscription_create_locks')
    .where('user_id', '=', userId)
    .where('taken_at', '=', at)
    .execute();
}

export async function findById(db: DbOrTx, id: number): Promise<Subscription | null> {
  const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSubscription(row) : null;
}

/** ACTIVE subscriptions whose trial ends after `at` and by `before`, not yet reminded of it. */
export async function listTrialsEndingBy(
  db: DbOrTx,
  { at, before }: { at: string; before: string },
): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .where('trial_ends_at', '>', at)
    .where('trial_ends_at', '<=', before)
    .where('trial_reminded_at', 'is', null)
    .where('access_ended_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(toSubscription);
}

/** Claims the trial reminder of a subscription: true for the one caller (of every instance) that may send it. */
export async function markTrialReminded(
  db: DbOrTx,
  { id, at }: { id: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ trial_reminded_at: at })
    .where('id', '=', id)
    .where('trial_reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends access now (a full refund or a reversal): true the first time only. */
export async function endAccess(db: DbOrTx, { id, at }: { id: number; at: string }): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ access_ended_at: at, updated_at: at })
    .where('id', '=', id)
    .where('access_ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
