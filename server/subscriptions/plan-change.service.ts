import type { ChangePlanReply, SubscriptionPlan } from '../../contract/subscriptions.js';
import type { AppContext } from '../app-context.js';
import { noSubscriptionToChange, planChangeUnavailable, samePlan } from '../http/errors.js';
import { PayPalError } from '../paypal/paypal-api.js';
import { listForUser } from './subscriptions.repository.js';

/**
 * DESIGN 15: PayPal's revise of the user's ACTIVE subscription to another plan. Nothing changes here: the
 * subscriber approves at PayPal, PayPal says BILLING.SUBSCRIPTION.UPDATED, and the webhook's fresh read of
 * the subscription stores the new plan (and pushes it). PayPal does not prorate: the new price starts at the
 * next billing.
 */
export async function changePlan(
  ctx: AppContext,
  { userId, plan }: { userId: number; plan: SubscriptionPlan },
): Promise<ChangePlanReply> {
  // A refunded one is cancelled at PayPal already, or about to be: nothing to change.
  const target = (await listForUser(ctx.db, userId)).find(
    (s) => s.status === 'ACTIVE' && s.accessEndedAt === null,
  );
  if (!target) throw noSubscriptionToChange();
  if (target.plan === plan) throw samePlan();
  const planId = ctx.config.paypal.plans[plan];
  const { paypal } = ctx;
  if (!paypal || !planId) throw planChangeUnavailable();
  await ctx.rateLimiter.check('planChangesPerUser', String(userId));
  // PayPal adds the same parameters on both ways back, so the page learns which it was from ours (decision 197).
  const billing = `${ctx.config.publicUrl}/account/billing?plan_change=`;
  try {
    const { approveUrl } = await paypal.revise(target.paypalSubscriptionId, {
      planId,
      returnUrl: `${billing}approved`,
      cancelUrl: `${billing}cancelled`,
      brandName: ctx.config.appName,
    });
    return { approve_url: approveUrl };
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    ctx.log.warn({ err: error }, 'PayPal failed: revise subscription');
    throw planChangeUnavailable();
  }
}
