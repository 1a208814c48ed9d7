import { formatDay } from '@/lib/format';
import type { SubscriptionJson, SubscriptionStatus } from '@contract/subscriptions';

const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  APPROVAL_PENDING: 'Waiting for your approval at PayPal',
  APPROVED: 'Approved at PayPal, starting shortly',
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended by PayPal',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Ended',
};

export const statusInWords = (status: SubscriptionStatus) => STATUS_WORDS[status];

/** A day as people write it ("5 March 2027"): the page's one format (`lib/format`). */
export { formatDay };

/**
 * The one sentence of dates that holds for the status (decision 167): the next payment while it runs; while
 * suspended, no payment but the day access ends (the grace days); once cancelled, the day access ends, once.
 */
export function dateLine(subscription: SubscriptionJson): string | null {
  const { status, entitled, access_until: until } = subscription;
  if (status === 'SUSPENDED')
    return entitled && until
      ? `PayPal has stopped taking payments for it. You have access until ${formatDay(until)}.`
      : 'PayPal has stopped taking payments for it, and your access has ended.';
  if (status === 'CANCELLED')
    return entitled && until
      ? `You have access until ${formatDay(until)}, and PayPal will not charge you again.`
      : 'Your access has ended.';
  if (status === 'EXPIRED') return 'Your access has ended.';
  const next = subscription.next_billing_at;
  const trialEnd = subscription.trial_ends_at;
  if (trialEnd) {
    // The trial's end is the first regular payment's day; a trial of paid cycles has payments before it.
    if (!next || formatDay(next) === formatDay(trialEnd))
      return `Next payment: ${formatDay(trialEnd)}, when your trial ends.`;
    return `Next payment: ${formatDay(next)}. Your trial ends on ${formatDay(trialEnd)}.`;
  }
  if (next) return `Next payment: ${formatDay(next)}.`;
  return null;
}

/**
 * A failed payment, in the words of what PayPal does next: only while it may still charge. The link to PayPal's
 * page where the payer fixes it is the server's `fix_payment_url`, beside these words.
 */
export function paymentWarning(subscription: SubscriptionJson): string | null {
  if (!subscription.payment_failed) return null;
  if (subscription.status === 'ACTIVE')
    return 'Your last payment did not go through. PayPal will try again: please check your payment method at PayPal to keep your access.';
  if (subscription.status === 'SUSPENDED')
    return 'Your last payment did not go through. Please check your payment method at PayPal.';
  return null;
}

/** Exactly what cancelling means for access, said before the person confirms it. */
export function cancelConsequence(subscription: SubscriptionJson): string {
  // Suspended, nothing is being charged; what access is left is said above, and cancelling ends the plan.
  if (subscription.status === 'SUSPENDED')
    return 'If you cancel, PayPal will not charge you again, and this subscription cannot be started again.';
  // In a trial nothing regular has been paid yet: access lasts to the trial's end.
  const period = subscription.trial_ends_at
    ? 'the end of your trial'
    : 'the end of the period you have already paid for';
  const end = subscription.next_billing_at
    ? `until ${formatDay(subscription.next_billing_at)}, ${period}`
    : `until ${period}`;
  return `If you cancel, PayPal will not charge you again. You keep access ${end}; after that, your access ends.`;
}

/** When a new plan's price starts: PayPal charges it from the next payment on (DESIGN 15). */
export function fromNextPayment(subscription: SubscriptionJson): string {
  return subscription.next_billing_at
    ? `at your next payment on ${formatDay(subscription.next_billing_at)}`
    : 'at your next payment';
}
