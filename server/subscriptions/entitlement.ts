import type { SubscriptionJson } from '../../contract/subscriptions.js';
import { autopayUrlFor } from '../paypal/paypal-pages.js';
import type { Subscription } from './subscriptions.repository.js';

const DAY_MS = 24 * 60 * 60_000;

/** The day a SUSPENDED subscription stops giving access: PAYPAL_GRACE_DAYS after the change. */
export function graceEndsAt(changedAt: string, graceDays: number): Date {
  return new Date(new Date(changedAt).getTime() + graceDays * DAY_MS);
}

/**
 * DESIGN section 9: ACTIVE (also while a payment failed, as PayPal retries); SUSPENDED until the grace days
 * after the change; CANCELLED until access_until; never APPROVAL_PENDING, APPROVED or EXPIRED.
 */
export function isEntitled(subscription: Subscription, now: Date, graceDays: number): boolean {
  // DESIGN 15: a full refund or a reversal ends access at once, whatever PayPal's status says yet.
  if (subscription.accessEndedAt !== null && now >= new Date(subscription.accessEndedAt)) return false;
  switch (subscription.status) {
    case 'ACTIVE':
      return true;
    case 'SUSPENDED':
      return now < graceEndsAt(subscription.statusChangedAt, graceDays);
    case 'CANCELLED':
      return subscription.accessUntil !== null && now < new Date(subscription.accessUntil);
    default:
      return false;
  }
}

/**
 * The subscription JSON of DESIGN 9. `access_until` is when access ends if nothing changes: the end of the
 * paid period once CANCELLED, and for a SUSPENDED one the end of its grace days, so the page can say until
 * when without knowing PAYPAL_GRACE_DAYS (decision 167).
 */
export function toSubscriptionJson(
  subscription: Subscription,
  now: Date,
  { graceDays, environment }: { graceDays: number; environment: 'production' | 'sandbox' },
): SubscriptionJson {
  return {
    id: subscription.paypalSubscriptionId,
    plan: subscription.plan,
    status: subscription.status,
    entitled: isEntitled(subscription, now, graceDays),
    next_billing_at: subscription.nextBillingAt,
    access_until:
      subscription.accessEndedAt ??
      (subscription.status === 'SUSPENDED'
        ? graceEndsAt(subscription.statusChangedAt, graceDays).toISOString()
        : subscription.accessUntil),
    payment_failed: subscription.paymentFailed,
    fix_payment_url: subscription.paymentFailed ? autopayUrlFor(environment) : null,
    trial_ends_at: subscription.trialEndsAt,
  };
}
