import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CreateSubscriptionReply,
  SubscriptionJson,
  SubscriptionPlan,
  SubscriptionStatus,
} from '../../contract/subscriptions.js';
import { PayPalError } from '../paypal/paypal-api.js';
import type { PayPalSubscription } from '../paypal/paypal-subscriptions.js';
import { isEntitled, toSubscriptionJson } from './entitlement.js';
import { alreadySubscribed, paymentsUnavailable, subscriptionNotFound } from '../http/errors.js';
import type { AppContext } from '../app-context.js';
import { DeletionRefused } from '../users/account-lifecycle.js';
import {
  findByPayPalId,
  isFollowed,
  listForUser,
  listForUsers,
  releaseCreateLock,
  takeCreateLock,
  type Subscription,
} from './subscriptions.repository.js';
import {
  applyPayPalState,
  DELETED_ACCOUNT_REASON,
  refreshFromPayPal,
  storeCreated,
} from './subscription-sync.js';

export const SUBSCRIBER_CANCEL_REASON = 'Cancelled by the subscriber';
/** DESIGN 16: PayPal's reason when a support agent cancels. */
export const SUPPORT_CANCEL_REASON = 'Cancelled by support';

const cancellable = (subscription: Subscription) =>
  subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED';

function json(ctx: AppContext, subscription: Subscription): SubscriptionJson {
  return toSubscriptionJson(subscription, ctx.now(), ctx.config.paypal);
}

/** Of a user's subscriptions (newest first), the current one (the one that entitles), else the latest, else null. */
function currentOf(ctx: AppContext, all: Subscription[]): Subscription | null {
  const now = ctx.now();
  return all.find((s) => isEntitled(s, now, ctx.config.paypal.graceDays)) ?? all[0] ?? null;
}

async function current(ctx: AppContext, userId: number): Promise<Subscription | null> {
  return currentOf(ctx, await listForUser(ctx.db, userId));
}

/** The status of each user's current subscription (users without one are left out): the console's list. */
export async function currentStatuses(
  ctx: AppContext,
  userIds: number[],
): Promise<Map<number, SubscriptionStatus>> {
  const byUser = new Map<number, Subscription[]>();
  for (const subscription of await listForUsers(ctx.db, userIds))
    byUser.set(subscription.userId, [...(byUser.get(subscription.userId) ?? []), subscription]);
  const statuses = new Map<number, SubscriptionStatus>();
  for (const [userId, all] of byUser) statuses.set(userId, currentOf(ctx, all)!.status);
  return statuses;
}

/** The subscription part of GET /api/v1/me. */
export async function currentSubscription(ctx: AppContext, userId: number): Promise<SubscriptionJson | null> {
  const found = await current(ctx, userId);
  return found ? json(ctx, found) : null;
}

/** Runs a PayPal call; any PayPal failure becomes 503 payments_unavailable (logged, never shown). */
async function atPayPal<T>(ctx: AppContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    ctx.log.warn({ err: error }, `PayPal failed: ${what}`);
    throw paymentsUnavailable();
  }
}

/** How long a create may wait for the user's previous one; a lock this old was left by a dead process. */
const CREATE_WAIT_MS = 20_000;
const CREATE_LOCK_STALE_MS = 2 * 60_000;

/** Runs `work` holding the user's create lock: one create of a user at a time, on every instance. */
async function oneCreateAtATime<T>(ctx: AppContext, userId: number, work: () => Promise<T>): Promise<T> {
  const waitUntil = Date.now() + CREATE_WAIT_MS;
  for (;;) {
    const now = ctx.now();
    const at = now.toISOString();
    const staleBefore = new Date(now.getTime() - CREATE_LOCK_STALE_MS).toISOString();
    if (await takeCreateLock(ctx.db, { userId, at, staleBefore })) {
      try {
        return await work();
      } finally {
        await releaseCreateLock(ctx.db, { userId, at });
      }
    }
    if (Date.now() > waitUntil) throw paymentsUnavailable();
    await sleep(100);
  }
}

/**
 * Whether the user must not start another subscription: one is approved or active at PayPal, read again now
 * (an approval the app has not heard of yet counts), or one still gives access (suspended within the grace
 * days, cancelled but paid up). A suspended one past its grace bills nobody until the merchant reactivates it,
 * which this server never does; /account offers its cancel.
 */
async function holdsOne(ctx: AppContext, userId: number): Promise<boolean> {
  const paypal = ctx.paypal;
  if (!paypal) throw paymentsUnavailable();
  const now = ctx.now();
  const stored = await listForUser(ctx.db, userId);
  for (const subscription of stored.filter((s) => isFollowed(s, now)))
    await atPayPal(ctx, 'read subscription', () => refreshFromPayPal(ctx, subscription.paypalSubscriptionId));
  const fresh = await listForUser(ctx.db, userId);
  return fresh.some((s) => BILLING.has(s.status) || isEntitled(s, now, ctx.config.paypal.graceDays));
}

const BILLING = new Set<Subscription['status']>(['APPROVED', 'ACTIVE']);

/**
 * Whether the account has had its trial: any subscription of it was ever approved (one that stayed
 * APPROVAL_PENDING was abandoned before PayPal ran anything, so it used nothing).
 */
async function hadTrialChance(ctx: AppContext, userId: number): Promise<boolean> {
  return (await listForUser(ctx.db, userId)).some((s) => s.status !== 'APPROVAL_PENDING');
}

/**
 * Starts a subscription at PayPal (DESIGN 9, decision 154): limited per user, one at a time per user, and
 * refused while the user holds one, so nobody is billed twice.
 */
export async function createSubscription(
  ctx: AppContext,
  { userId, plan }: { userId: number; plan: SubscriptionPlan },
): Promise<CreateSubscriptionReply> {
  const planId = ctx.config.paypal.plans[plan];
  const paypal = ctx.paypal;
  if (!paypal || !planId) throw paymentsUnavailable();
  await ctx.rateLimiter.check('subscriptionCreatesPerUser', String(userId));
  return oneCreateAtATime(ctx, userId, async () => {
    if (await holdsOne(ctx, userId)) throw alreadySubscribed();
    const pricing = `${ctx.config.publicUrl}/pricing`;
    // DESIGN 15: one trial per account; a later subscription runs the plan's cycles without its trial.
    const billingCycles = (await hadTrialChance(ctx, userId))
      ? await atPayPal(ctx, 'read plan', () => paypal.cyclesWithoutTrial(planId))
      : null;
    const created = await atPayPal(ctx, 'create subscription', () =>
      paypal.create({
        planId,
        userId,
        returnUrl: pricing,
        cancelUrl: pricing,
        brandName: ctx.config.appName,
        ...(billingCycles ? { billingCycles } : {}),
      }),
    );
    if (!created.approveUrl) {
      ctx.log.warn({ subscription: created.id }, 'PayPal created a subscription without an approve link');
      throw paymentsUnavailable();
    }
    // Stored before the subscriber can approve it: only subscriptions with a row are ever attached.
    await storeCreated(ctx, { remote: created, userId, planOverridden: billingCycles !== null });
    return { subscription_id: created.id, approve_url: created.approveUrl };
  });
}

/** After the subscriber approved at PayPal: read it fresh; only its owner (PayPal's custom_id) may confirm. */
export async function confirmSubscription(
  ctx: AppContext,
  { userId, subscriptionId }: { userId: number; subscriptionId: string },
): Promise<SubscriptionJson> {
  const paypal = ctx.paypal;
  if (!paypal) throw paymentsUnavailable();
  // Only a subscription this server created for this user: its row names the user.
  const own = await findByPayPalId(ctx.db, subscriptionId);
  if (!own || own.userId !== userId) throw subscriptionNotFound();
  const remote = await atPayPal(ctx, 'read subscription', () => paypal.get(subscriptionId));
  if (!remote || remote.customId !== String(userId)) throw subscriptionNotFound();
  const stored = await atPayPal(ctx, 'store subscription', () => applyPayPalState(ctx, remote));
  if (!stored) throw subscriptionNotFound();
  return json(ctx, stored);
}

/** What PayPal shows once a cancel went through, for when it cannot be read back at once. */
function cancelledAtPayPal(subscription: Subscription, at: string): PayPalSubscription {
  return {
    id: subscription.paypalSubscriptionId,
    status: 'CANCELLED',
    planId: subscription.paypalPlanId,
    customId: String(subscription.userId),
    statusUpdatedAt: at,
    nextBillingAt: null,
    lastPaymentAt: subscription.lastPaymentAt,
    failedPayments: subscription.paymentFailed ? 1 : 0,
    approveUrl: null,
    inTrial: false,
    planOverridden: subscription.planOverridden,
    payerEmail: null,
  };
}

/** Every subscription of the user PayPal may still bill: /account lists each with its own cancel. */
export async function cancellableSubscriptions(ctx: AppContext, userId: number): Promise<SubscriptionJson[]> {
  return (await listForUser(ctx.db, userId)).filter(cancellable).map((s) => json(ctx, s));
}

/**
 * The subscriber (or a support agent, with their reason for PayPal) cancels one subscription (by default the
 * first PayPal may still bill): PayPal first; when PayPal fails nothing changes here.
 */
export async function cancelSubscription(
  ctx: AppContext,
  {
    userId,
    subscriptionId,
    reason = SUBSCRIBER_CANCEL_REASON,
    notFound = subscriptionNotFound,
  }: { userId: number; subscriptionId?: string; reason?: string; notFound?: () => Error },
): Promise<SubscriptionJson> {
  const target = (await listForUser(ctx.db, userId)).find(
    (s) => cancellable(s) && (subscriptionId === undefined || s.paypalSubscriptionId === subscriptionId),
  );
  if (!target) throw notFound();
  const paypal = ctx.paypal;
  if (!paypal) throw paymentsUnavailable();
  await atPayPal(ctx, 'cancel subscription', () => paypal.cancel(target.paypalSubscriptionId, reason));
  const stored = await refreshFromPayPal(ctx, target.paypalSubscriptionId).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'PayPal accepted the cancel but could not be read back');
    return applyPayPalState(ctx, cancelledAtPayPal(target, ctx.now().toISOString()));
  });
  return json(ctx, stored ?? target);
}

/**
 * Account deletion calls this first: the user's ACTIVE or SUSPENDED subscriptions are cancelled at PayPal
 * ("Account deleted"). It throws DeletionRefused when PayPal refuses or cannot be reached (or is not
 * configured), so that nothing is deleted while PayPal could still bill the user.
 */
export async function cancelSubscriptionsForDeletion(ctx: AppContext, userId: number): Promise<void> {
  const open = (await listForUser(ctx.db, userId)).filter(cancellable);
  if (open.length === 0) return;
  const { paypal } = ctx;
  if (!paypal)
    throw new DeletionRefused(
      'subscription_not_cancelled',
      'PayPal is not configured, so the subscription cannot be cancelled',
    );
  try {
    for (const subscription of open)
      await paypal.cancel(subscription.paypalSubscriptionId, DELETED_ACCOUNT_REASON);
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    throw new DeletionRefused(
      'subscription_not_cancelled',
      'its subscription could not be cancelled at PayPal',
      error,
    );
  }
}
