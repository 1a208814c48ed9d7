import { formatDay } from '@/lib/format';
import type { SubscriptionJson, SubscriptionStatus } from '@contract/subscriptions';

const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  APPROVAL_PENDING: 'Waiting for your approval at PayPal',
  APPROVED: 'Approved at PayPal, starting shortly',
  ACTIVE: 'Active',
  SUSPENDED: 'Paused: PayPal has stopped taking payments',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Ended',
};

export const statusInWords = (status: SubscriptionStatus) => STATUS_WORDS[status];

/** A day as people write it ("5 March 2027"): the page's one format (`lib/format`). */
export { formatDay };

/** The date that matters now: the next payment while it runs, the end of access once cancelled. */
export function dateLine(subscription: SubscriptionJson): string | null {
  if (subscription.status === 'CANCELLED')
    return subscription.access_until && subscription.entitled
      ? `You have access until ${formatDay(subscription.access_until)}.`
      : 'Your access has ended.';
  if (subscription.status === 'EXPIRED') return 'Your access has ended.';
  if (subscription.next_billing_at) return `Next payment: ${formatDay(subscription.next_billing_at)}.`;
  return null;
}

/** Exactly what cancelling means for access, said before the person confirms it. */
export function cancelConsequence(subscription: SubscriptionJson): string {
  const end = subscription.next_billing_at
    ? `until ${formatDay(subscription.next_billing_at)}, the end of the period you have already paid for`
    : 'until the end of the period you have already paid for';
  return `If you cancel, PayPal will not charge you again. You keep access ${end}; after that, your access ends.`;
}
