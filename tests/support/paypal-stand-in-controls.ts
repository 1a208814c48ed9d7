import { randomBytes } from 'node:crypto';
import type { StandInSubscription } from './paypal-stand-in-subscriptions.js';
import type { StandInPlan } from './paypal-stand-in-wire.js';

/** Test controls: what PayPal does to a subscription on its own (the buyer, the billing cycle, PayPal's rules). */

const DAY_MS = 24 * 60 * 60_000;
const UNIT_DAYS = { DAY: 1, WEEK: 7, MONTH: 30, YEAR: 365 } as const;

export function subscriptionControls({
  subscriptions,
  plans,
  move,
  changed,
}: {
  subscriptions: Map<string, StandInSubscription>;
  plans: Map<string, StandInPlan>;
  /** Applies a change and tells the webhook sender (`touchStatusTime` false: status_update_time stays). */
  move: (
    subscription: StandInSubscription,
    change: Partial<StandInSubscription>,
    eventType: string,
    touchStatusTime?: boolean,
  ) => Promise<void>;
  changed: (eventType: string, subscription: StandInSubscription) => Promise<void>;
}) {
  const periodEnd = (subscription: StandInSubscription, from: number) => {
    const plan = plans.get(subscription.planId);
    const days = plan ? UNIT_DAYS[plan.intervalUnit] * plan.intervalCount : 30;
    return new Date(from + days * DAY_MS).toISOString();
  };
  const need = (id: string) => {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`the stand-in has no subscription ${id}`);
    return found;
  };

  return {
    /** The buyer approves at PayPal: the subscription starts, the first period is paid. */
    async approve(id: string) {
      const s = need(id);
      if (s.status !== 'APPROVAL_PENDING') throw new Error(`${id} is ${s.status}, not APPROVAL_PENDING`);
      const now = Date.now();
      await move(
        s,
        {
          status: 'ACTIVE',
          lastPaymentTime: new Date(now).toISOString(),
          nextBillingTime: periodEnd(s, now),
        },
        'BILLING.SUBSCRIPTION.ACTIVATED',
      );
      await changed('PAYMENT.SALE.COMPLETED', s);
      return s;
    },
    /** A renewal payment fails: PayPal keeps it ACTIVE and retries. */
    async failPayment(id: string) {
      const s = need(id);
      await move(s, { failedPayments: s.failedPayments + 1 }, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED', false);
      return s;
    },
    /** A renewal payment goes through: the next period starts. */
    async payRenewal(id: string) {
      const s = need(id);
      const now = Date.now();
      await move(
        s,
        {
          failedPayments: 0,
          lastPaymentTime: new Date(now).toISOString(),
          nextBillingTime: periodEnd(s, now),
        },
        'PAYMENT.SALE.COMPLETED',
        false,
      );
      return s;
    },
    async suspend(id: string) {
      return move(
        need(id),
        { status: 'SUSPENDED', statusNote: 'Payment failure threshold reached' },
        'BILLING.SUBSCRIPTION.SUSPENDED',
      );
    },
    async reactivate(id: string) {
      return move(
        need(id),
        { status: 'ACTIVE', statusNote: 'Reactivated', failedPayments: 0 },
        'BILLING.SUBSCRIPTION.RE-ACTIVATED',
      );
    },
    /** The subscriber cancels on PayPal's site (not through the app). */
    async cancelByBuyer(id: string) {
      return move(
        need(id),
        { status: 'CANCELLED', statusNote: 'Cancelled by the buyer', nextBillingTime: null },
        'BILLING.SUBSCRIPTION.CANCELLED',
      );
    },
    async expire(id: string) {
      return move(need(id), { status: 'EXPIRED', nextBillingTime: null }, 'BILLING.SUBSCRIPTION.EXPIRED');
    },
    /** A subscription made at PayPal by other means (e.g. for an account deleted since). */
    put(subscription: Omit<StandInSubscription, 'id' | 'createTime' | 'statusUpdateTime'> & { id?: string }) {
      const now = new Date().toISOString();
      const made: StandInSubscription = {
        // PayPal's shape: `I-` and 12 letters or digits.
        id: `I-${randomBytes(6).toString('hex').toUpperCase()}`,
        createTime: now,
        statusUpdateTime: now,
        ...subscription,
      };
      subscriptions.set(made.id, made);
      return made;
    },
  };
}
