import { randomBytes } from 'node:crypto';
import type { StandInSubscription } from './paypal-stand-in-subscriptions.js';
import type { IntervalUnit, StandInPlan } from './paypal-stand-in-wire.js';

/**
 * The stand-in's ledger: every payment of a subscription as PayPal's transactions list shows it
 * (billing_subscriptions_v1 `transaction`: capture_status, amount_with_breakdown, payer, time), and the
 * refunds and reversals that change a payment's status.
 */

export type LedgerStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED';

export interface LedgerEntry {
  /** PayPal's sale (transaction) id, as PAYMENT.SALE.COMPLETED names it in `resource.id`. */
  id: string;
  status: LedgerStatus;
  value: string;
  currency: string;
  time: string;
  /** What was given back so far, by refunds and reversals. */
  refunded: string;
}

const DAY_MS = 24 * 60 * 60_000;
const UNIT_DAYS: Record<IntervalUnit, number> = { DAY: 1, WEEK: 7, MONTH: 30, YEAR: 365 };

export const saleId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

export function daysOf(unit: IntervalUnit, count: number) {
  return UNIT_DAYS[unit] * count;
}

/** When the subscription's trial (all its cycles) ends, counted from `from`. */
export function trialEnd(plan: StandInPlan, from: number): string | null {
  const { trial } = plan;
  if (!trial) return null;
  return new Date(
    from + daysOf(trial.intervalUnit, trial.intervalCount * trial.totalCycles) * DAY_MS,
  ).toISOString();
}

/** Cents of a decimal string, for the stand-in's own sums (test money only). */
const cents = (value: string) => Math.round(Number(value) * 100);
const money = (amount: number) => (amount / 100).toFixed(2);

/** Records a payment; returns the sale as PAYMENT.SALE.COMPLETED's resource shows it. */
export function pay(
  subscription: StandInSubscription,
  { value, currency }: { value: string; currency: string },
) {
  const entry: LedgerEntry = {
    id: saleId(),
    status: 'COMPLETED',
    value,
    currency,
    time: new Date().toISOString(),
    refunded: '0.00',
  };
  subscription.ledger.push(entry);
  return entry;
}

/** Gives back `amount` (default: what is left) of a payment: REFUNDED once all of it is back. */
export function giveBack(entry: LedgerEntry, amount?: string) {
  const left = cents(entry.value) - cents(entry.refunded);
  const back = Math.min(amount === undefined ? left : cents(amount), left);
  entry.refunded = money(cents(entry.refunded) + back);
  entry.status = cents(entry.refunded) >= cents(entry.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return money(back);
}

/** A sale as PayPal's PAYMENT.SALE.* events carry it; a sale of a subscription names it in billing_agreement_id. */
export function saleResource(entry: LedgerEntry, subscription: StandInSubscription) {
  return {
    id: entry.id,
    state: entry.status === 'COMPLETED' ? 'completed' : entry.status.toLowerCase(),
    amount: { total: entry.value, currency: entry.currency },
    payment_mode: 'INSTANT_TRANSFER',
    billing_agreement_id: subscription.id,
    create_time: entry.time,
    update_time: new Date().toISOString(),
  };
}

/**
 * A refund (PAYMENT.SALE.REFUNDED) or a reversal (PAYMENT.SALE.REVERSED) as PayPal's events carry it: its own
 * id, the sale it gives back (`sale_id`) and how much; it does not name the subscription.
 */
export function refundResource(entry: LedgerEntry, amount: string, state: 'completed' | 'reversed') {
  return {
    id: saleId(),
    state,
    amount: { total: amount, currency: entry.currency },
    sale_id: entry.id,
    parent_payment: `PAYID-${entry.id}`,
    ...(state === 'reversed' ? { reason_code: 'CHARGEBACK' } : {}),
    create_time: new Date().toISOString(),
    update_time: new Date().toISOString(),
  };
}

/** The subscription's transactions between two times, newest first, as GET …/transactions lists them. */
export function transactionsBody(subscription: StandInSubscription, from: Date, to: Date) {
  const transactions = subscription.ledger
    .filter((entry) => new Date(entry.time) >= from && new Date(entry.time) <= to)
    .sort((a, b) => b.time.localeCompare(a.time))
    .map((entry) => ({
      status: entry.status,
      id: entry.id,
      amount_with_breakdown: {
        gross_amount: { currency_code: entry.currency, value: entry.value },
        fee_amount: { currency_code: entry.currency, value: '0.00' },
        net_amount: { currency_code: entry.currency, value: entry.value },
      },
      payer_name: { given_name: 'John', surname: 'Doe' },
      payer_email: subscription.payerEmail,
      time: entry.time,
    }));
  return { transactions, total_items: transactions.length, total_pages: 1, links: [] };
}

/** A sale as `GET /v1/payments/sale/{id}` shows it. */
export function saleBody(entry: LedgerEntry, subscription: StandInSubscription, base: string) {
  return {
    ...saleResource(entry, subscription),
    links: [{ href: `${base}/v1/payments/sale/${entry.id}`, rel: 'self', method: 'GET' }],
  };
}
