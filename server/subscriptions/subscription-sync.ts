import type { SubscriptionPlan } from '../../contract/subscriptions.js';
import {
  subscriptionActiveMail,
  paymentFailedMail,
  planChangedMail,
  subscriptionCancelledMail,
} from '../mail/subscription-mails.js';
import type { PayPalSubscription } from '../paypal/paypal-subscriptions.js';
import { autopayUrlFor } from '../paypal/paypal-pages.js';
import { findUserById } from '../users/users.repository.js';
import { graceEndsAt, toSubscriptionJson } from './entitlement.js';
import type { AppContext } from '../app-context.js';
import {
  findByPayPalId,
  insertSubscription,
  updateIfUnchanged,
  type Subscription,
  type SubscriptionState,
} from './subscriptions.repository.js';

export const DELETED_ACCOUNT_REASON = 'Account deleted';
const DAY_MS = 24 * 60 * 60_000;

function planOf(ctx: AppContext, paypalPlanId: string): SubscriptionPlan | null {
  const plans = ctx.config.paypal.plans;
  const found = (Object.keys(plans) as SubscriptionPlan[]).find((plan) => plans[plan] === paypalPlanId);
  return found ?? null;
}

/** PayPal's state over what we held: PayPal decides, the app only keeps what PayPal stops saying. */
export function stateFrom(
  remote: PayPalSubscription,
  previous: Subscription | null,
  { plan, at }: { plan: SubscriptionPlan; at: string },
): SubscriptionState {
  const statusChanged = previous?.status !== remote.status;
  const cancelled = remote.status === 'CANCELLED';
  return {
    plan,
    paypalPlanId: remote.planId,
    status: remote.status,
    nextBillingAt: remote.nextBillingAt,
    lastPaymentAt: remote.lastPaymentAt ?? previous?.lastPaymentAt ?? null,
    paymentFailed: remote.failedPayments > 0,
    statusChangedAt: statusChanged || !previous ? (remote.statusUpdatedAt ?? at) : previous.statusChangedAt,
    // The end of the period already paid: the next billing time as it stood when it was cancelled.
    accessUntil: cancelled
      ? (previous?.accessUntil ?? previous?.nextBillingAt ?? remote.nextBillingAt ?? null)
      : null,
    trialEndsAt: remote.status === 'ACTIVE' && remote.inTrial ? remote.nextBillingAt : null,
  };
}

function sameState(row: Subscription, state: SubscriptionState): boolean {
  return (Object.keys(state) as (keyof SubscriptionState)[]).every((key) => row[key] === state[key]);
}

/** Push and mail what changed between two versions of a row (previous null: it is new). */
export async function announce(ctx: AppContext, previous: Subscription | null, current: Subscription) {
  const now = ctx.now();
  const { graceDays } = ctx.config.paypal;
  const json = toSubscriptionJson(current, now, ctx.config.paypal);
  if (
    !previous ||
    JSON.stringify(toSubscriptionJson(previous, now, ctx.config.paypal)) !== JSON.stringify(json)
  )
    await ctx.events.subscriptionChanged(current.userId, json);

  const user = await findUserById(ctx.db, current.userId);
  if (!user) return;
  const to = user.email;
  if (previous && previous.plan !== current.plan)
    ctx.mailer.dispatch(
      planChangedMail(ctx.config, { to, plan: current.plan, nextBillingAt: current.nextBillingAt }),
    );
  if (current.status === 'ACTIVE' && previous?.status !== 'ACTIVE')
    ctx.mailer.dispatch(subscriptionActiveMail(ctx.config, { to, nextBillingAt: current.nextBillingAt }));
  if (current.paymentFailed && !previous?.paymentFailed) {
    const graceUntil =
      current.status === 'SUSPENDED'
        ? graceEndsAt(current.statusChangedAt, graceDays)
        : new Date(now.getTime() + graceDays * DAY_MS);
    ctx.mailer.dispatch(
      paymentFailedMail(ctx.config, {
        to,
        graceUntil: graceUntil.toISOString(),
        fixPaymentUrl: autopayUrlFor(ctx.config.paypal.environment),
      }),
    );
  }
  // A refund that ended access has its own mail (refunds.ts); the cancel that follows it says nothing more.
  if (current.status === 'CANCELLED' && previous?.status !== 'CANCELLED' && current.accessEndedAt === null)
    ctx.mailer.dispatch(subscriptionCancelledMail(ctx.config, { to, accessUntil: current.accessUntil }));
}

/** A subscription approved by an account deleted since: nobody may be billed for it. */
async function cancelOrphan(ctx: AppContext, remote: PayPalSubscription) {
  if (remote.status !== 'ACTIVE' && remote.status !== 'SUSPENDED') return;
  ctx.log.info({ subscription: remote.id }, 'PayPal subscription of a deleted account: cancelling it');
  await ctx.paypal?.cancel(remote.id, DELETED_ACCOUNT_REASON);
}

/**
 * Stores PayPal's view of a subscription (read fresh from PayPal by the caller) over the row this server
 * stored when it created it, and announces the change. Only subscriptions this server created are attached:
 * one without a row (made by a client, or for another account) is left alone, and one whose custom_id names no
 * account (deleted after approving) is cancelled at PayPal. Null then, or for a plan the app does not sell.
 */
export async function applyPayPalState(
  ctx: AppContext,
  remote: PayPalSubscription,
): Promise<Subscription | null> {
  // A lost race (another instance wrote first) reads the row again and goes once more.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const at = ctx.now().toISOString();
    const previous = await findByPayPalId(ctx.db, remote.id);
    if (!previous) {
      await notOurs(ctx, remote);
      return null;
    }
    // DESIGN 7: an override that is not this server's own (made to skip a price or bring back a trial).
    if (remote.planOverridden && !previous.planOverridden) {
      ctx.log.warn(
        { subscription: remote.id },
        'PayPal subscription with a plan override this server did not make',
      );
      return null;
    }
    const plan = planOf(ctx, remote.planId) ?? previous.plan;
    const state = stateFrom(remote, previous, { plan, at });
    if (sameState(previous, state)) return previous;
    if (await updateIfUnchanged(ctx.db, { previous, state, at })) {
      const current = (await findByPayPalId(ctx.db, remote.id))!;
      await announce(ctx, previous, current);
      return current;
    }
  }
  return findByPayPalId(ctx.db, remote.id);
}

/** A subscription PayPal knows and this server has no row of. */
async function notOurs(ctx: AppContext, remote: PayPalSubscription) {
  const userId = /^[1-9][0-9]{0,15}$/.test(remote.customId ?? '') ? Number(remote.customId) : null;
  const owner = userId === null ? null : await findUserById(ctx.db, userId);
  if (!owner) return cancelOrphan(ctx, remote);
  ctx.log.warn({ subscription: remote.id }, 'PayPal subscription this server did not create: not attached');
}

/** Stores the subscription this server has just created at PayPal for `userId`, and announces it. */
export async function storeCreated(
  ctx: AppContext,
  { remote, userId, planOverridden }: { remote: PayPalSubscription; userId: number; planOverridden: boolean },
): Promise<Subscription | null> {
  const plan = planOf(ctx, remote.planId);
  if (!plan) return null;
  const at = ctx.now().toISOString();
  const state = stateFrom(remote, null, { plan, at });
  const inserted = await insertSubscription(ctx.db, {
    userId,
    paypalSubscriptionId: remote.id,
    state,
    at,
    planOverridden,
  });
  if (!inserted) return null;
  const current = (await findByPayPalId(ctx.db, remote.id))!;
  await announce(ctx, null, current);
  return current;
}

/** Reads the subscription fresh from PayPal and stores it; null when PayPal does not know it. */
export async function refreshFromPayPal(
  ctx: AppContext,
  paypalSubscriptionId: string,
): Promise<Subscription | null> {
  if (!ctx.paypal) throw new Error('PayPal is not configured');
  const remote = await ctx.paypal.get(paypalSubscriptionId);
  return remote ? applyPayPalState(ctx, remote) : null;
}
