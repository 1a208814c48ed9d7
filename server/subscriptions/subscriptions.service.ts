import type {
  CreateSubscriptionReply,
  SubscriptionJson,
  SubscriptionPlan,
} from '../../contract/subscriptions.js';
import { PayPalError } from '../paypal/paypal-api.js';
import type { PayPalSubscription } from '../paypal/paypal-subscriptions.js';
import { isEntitled, toSubscriptionJson } from './entitlement.js';
import { alreadySubscribed, paymentsUnavailable, subscriptionNotFound } from '../http/errors.js';
import type { SubscriptionsContext } from './subscriptions-context.js';
import { listForUser, type Subscription } from './subscriptions.repository.js';
import { applyPayPalState, DELETED_ACCOUNT_REASON, refreshFromPayPal } from './subscription-sync.js';

export const SUBSCRIBER_CANCEL_REASON = 'Cancelled by the subscriber';

const cancellable = (subscription: Subscription) =>
  subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED';

function json(ctx: SubscriptionsContext, subscription: Subscription): SubscriptionJson {
  return toSubscriptionJson(subscription, ctx.now(), ctx.config.paypal.graceDays);
}

/** The user's current subscription (the one that entitles), else the latest, else null. */
async function current(ctx: SubscriptionsContext, userId: number): Promise<Subscription | null> {
  const all = await listForUser(ctx.db, userId);
  const now = ctx.now();
  return all.find((s) => isEntitled(s, now, ctx.config.paypal.graceDays)) ?? all[0] ?? null;
}

/** GET /api/v1/me runs this on every call. */
export async function currentSubscription(
  ctx: SubscriptionsContext,
  userId: number,
): Promise<SubscriptionJson | null> {
  const found = await current(ctx, userId);
  return found ? json(ctx, found) : null;
}

/** Runs a PayPal call; any PayPal failure becomes 503 payments_unavailable (logged, never shown). */
async function atPayPal<T>(ctx: SubscriptionsContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    ctx.log.warn({ err: error }, `PayPal failed: ${what}`);
    throw paymentsUnavailable();
  }
}

export async function createSubscription(
  ctx: SubscriptionsContext,
  { userId, plan }: { userId: number; plan: SubscriptionPlan },
): Promise<CreateSubscriptionReply> {
  const held = await current(ctx, userId);
  if (held && isEntitled(held, ctx.now(), ctx.config.paypal.graceDays)) throw alreadySubscribed();
  const planId = ctx.config.paypal.plans[plan];
  const paypal = ctx.paypal;
  if (!paypal || !planId) throw paymentsUnavailable();
  const pricing = `${ctx.config.publicUrl}/pricing`;
  const created = await atPayPal(ctx, 'create subscription', () =>
    paypal.create({
      planId,
      userId,
      returnUrl: pricing,
      cancelUrl: pricing,
      brandName: ctx.config.appName,
    }),
  );
  if (!created.approveUrl) {
    ctx.log.warn({ subscription: created.id }, 'PayPal created a subscription without an approve link');
    throw paymentsUnavailable();
  }
  // PayPal's minimal create reply may leave out custom_id; it is the one this call just sent.
  await applyPayPalState(ctx, { ...created, customId: created.customId ?? String(userId) });
  return { subscription_id: created.id, approve_url: created.approveUrl };
}

/** After the subscriber approved at PayPal: read it fresh; only its owner (PayPal's custom_id) may confirm. */
export async function confirmSubscription(
  ctx: SubscriptionsContext,
  { userId, subscriptionId }: { userId: number; subscriptionId: string },
): Promise<SubscriptionJson> {
  const paypal = ctx.paypal;
  if (!paypal) throw paymentsUnavailable();
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
  };
}

/** The subscriber cancels: PayPal first; when PayPal fails nothing changes here. */
export async function cancelSubscription(
  ctx: SubscriptionsContext,
  userId: number,
): Promise<SubscriptionJson> {
  const target = (await listForUser(ctx.db, userId)).find(cancellable);
  if (!target) throw subscriptionNotFound();
  const paypal = ctx.paypal;
  if (!paypal) throw paymentsUnavailable();
  await atPayPal(ctx, 'cancel subscription', () =>
    paypal.cancel(target.paypalSubscriptionId, SUBSCRIBER_CANCEL_REASON),
  );
  const stored = await refreshFromPayPal(ctx, target.paypalSubscriptionId).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'PayPal accepted the cancel but could not be read back');
    return applyPayPalState(ctx, cancelledAtPayPal(target, ctx.now().toISOString()));
  });
  return json(ctx, stored ?? target);
}

/**
 * Account deletion calls this first: the user's ACTIVE or SUSPENDED subscriptions are cancelled at PayPal
 * ("Account deleted"). It throws when PayPal refuses or cannot be reached (or is not configured), so that
 * nothing is deleted while PayPal could still bill the user.
 */
export async function cancelSubscriptionsForDeletion(
  ctx: SubscriptionsContext,
  userId: number,
): Promise<void> {
  const open = (await listForUser(ctx.db, userId)).filter(cancellable);
  if (open.length === 0) return;
  if (!ctx.paypal) throw new PayPalError('PayPal is not configured, so the subscription cannot be cancelled');
  for (const subscription of open)
    await ctx.paypal.cancel(subscription.paypalSubscriptionId, DELETED_ACCOUNT_REASON);
}
