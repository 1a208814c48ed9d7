import { randomBytes } from 'node:crypto';
import {
  giveBack,
  pay,
  refundResource,
  saleResource,
  trialEnd,
  type LedgerEntry,
} from './paypal-stand-in-ledger.js';
import type { PutSubscription, StandInSubscription } from './paypal-stand-in-subscriptions.js';
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
  changed: (
    eventType: string,
    subscription: StandInSubscription,
    resource?: Record<string, unknown>,
  ) => Promise<void>;
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
  const paid = async (s: StandInSubscription, value: string) => {
    const entry = pay(s, { value, currency: plans.get(s.planId)?.currency ?? 'USD' });
    await changed('PAYMENT.SALE.COMPLETED', s, saleResource(entry, s));
    return entry;
  };
  /** The payment `saleId` names, else the subscription's latest. */
  const entryOf = (s: StandInSubscription, saleId?: string): LedgerEntry => {
    const entry = saleId ? s.ledger.find((e) => e.id === saleId) : s.ledger.at(-1);
    if (!entry) throw new Error(`${s.id} has no payment ${saleId ?? ''}`);
    return entry;
  };
  /** A refund or reversal of a payment (all of it unless `amount`): the ledger changes, then PayPal tells. */
  const giveBackAndTell = async (
    id: string,
    eventType: 'PAYMENT.SALE.REFUNDED' | 'PAYMENT.SALE.REVERSED',
    { saleId, amount }: { saleId?: string; amount?: string },
  ) => {
    const s = need(id);
    const entry = entryOf(s, saleId);
    const back = giveBack(entry, amount);
    const resource = refundResource(
      entry,
      back,
      eventType === 'PAYMENT.SALE.REVERSED' ? 'reversed' : 'completed',
    );
    await changed(eventType, s, resource);
    return { entry, resource };
  };

  return {
    /** The buyer approves at PayPal: the subscription starts, the first period is paid. */
    async approve(id: string) {
      const s = need(id);
      if (s.status !== 'APPROVAL_PENDING') throw new Error(`${id} is ${s.status}, not APPROVAL_PENDING`);
      const now = Date.now();
      const plan = plans.get(s.planId);
      // A trial: a free one bills nothing until it ends; a paid one takes its price now (one cycle of it).
      const trial = s.trial ? plan?.trial : undefined;
      const firstPayment = trial ? trial.value : (plan?.value ?? '0');
      await move(
        s,
        {
          status: 'ACTIVE',
          lastPaymentTime: firstPayment === undefined ? null : new Date(now).toISOString(),
          nextBillingTime: trial && plan ? trialEnd(plan, now) : periodEnd(s, now),
        },
        'BILLING.SUBSCRIPTION.ACTIVATED',
      );
      if (firstPayment !== undefined) await paid(s, firstPayment);
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
      Object.assign(s, {
        failedPayments: 0,
        lastPaymentTime: new Date(now).toISOString(),
        nextBillingTime: periodEnd(s, now),
        regularCyclesCompleted: s.regularCyclesCompleted + 1,
      });
      return { subscription: s, sale: await paid(s, plans.get(s.planId)?.value ?? '0') };
    },
    /** The buyer approves a pending revise at PayPal: the plan changes, BILLING.SUBSCRIPTION.UPDATED follows. */
    async approveRevision(id: string) {
      const s = need(id);
      const revision = s.revision;
      if (!revision) throw new Error(`${id} has no revise awaiting approval`);
      await move(s, { planId: revision.planId, revision: null }, 'BILLING.SUBSCRIPTION.UPDATED', false);
      return revision;
    },
    /** The buyer cancels a pending revise at PayPal: nothing changes. */
    declineRevision(id: string) {
      const s = need(id);
      const revision = s.revision;
      if (!revision) throw new Error(`${id} has no revise awaiting approval`);
      s.revision = null;
      return revision;
    },
    /** The merchant refunds a payment (the latest unless `saleId`), all of it unless `amount`. */
    refund(id: string, options: { saleId?: string; amount?: string } = {}) {
      return giveBackAndTell(id, 'PAYMENT.SALE.REFUNDED', options);
    },
    /** The payer's bank takes a payment back (a chargeback), all of it unless `amount`. */
    reverse(id: string, options: { saleId?: string; amount?: string } = {}) {
      return giveBackAndTell(id, 'PAYMENT.SALE.REVERSED', options);
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
    put(subscription: PutSubscription) {
      const now = new Date().toISOString();
      const made: StandInSubscription = {
        // PayPal's shape: `I-` and 12 letters or digits.
        id: `I-${randomBytes(6).toString('hex').toUpperCase()}`,
        createTime: now,
        statusUpdateTime: now,
        trial: false,
        planOverridden: false,
        regularCyclesCompleted: 0,
        payerEmail: 'buyer@example.com',
        ledger: [],
        revision: null,
        ...subscription,
      };
      subscriptions.set(made.id, made);
      return made;
    },
  };
}
