import type { AppContext } from '../app-context.js';
import { receiptMail, refundEndedMail } from '../mail/subscription-mails.js';
import { PayPalError } from '../paypal/paypal-api.js';
import type { PayPalSubscriptions, PayPalTransaction } from '../paypal/paypal-subscriptions.js';
import { findUserById } from '../users/users.repository.js';
import { claimReceipt, recordSale, releaseReceipt, subscriptionOfSale } from './billing.repository.js';
import { announce, refreshFromPayPal } from './subscription-sync.js';
import { endAccess, findById, findByPayPalId, type Subscription } from './subscriptions.repository.js';

const DAY_MS = 24 * 60 * 60_000;
export const REFUNDED_REASON = 'Payment refunded';
export const REVERSED_REASON = 'Payment reversed';

/** A sale's amount and time as a webhook's verified body gives them, for when PayPal's list lags. */
export interface SaleFacts {
  saleId: string;
  amount: { value: string; currency: string } | null;
  time: string | null;
}

/** The sale as PayPal's transactions of its subscription list it now (from a day before it was made). */
async function transactionOf(
  ctx: AppContext,
  subscription: Subscription,
  saleId: string,
): Promise<PayPalTransaction | null> {
  if (!ctx.paypal) throw new PayPalError('PayPal is not configured');
  const from = new Date(new Date(subscription.createdAt).getTime() - DAY_MS);
  const list = await ctx.paypal.transactions(subscription.paypalSubscriptionId, { from, to: ctx.now() });
  return list.find((transaction) => transaction.id === saleId) ?? null;
}

/**
 * PAYMENT.SALE.COMPLETED, after the subscription was read fresh: the sale is remembered (a refund names only
 * the sale) and its receipt mailed once per sale id, whatever the deliveries.
 */
export async function saleCompleted(
  ctx: AppContext,
  { subscriptionId, sale }: { subscriptionId: string; sale: SaleFacts },
): Promise<void> {
  const subscription = await findByPayPalId(ctx.db, subscriptionId);
  if (!subscription) return;
  await recordSale(ctx.db, { saleId: sale.saleId, subscriptionId: subscription.id });
  if (!(await claimReceipt(ctx.db, { saleId: sale.saleId, at: ctx.now().toISOString() }))) return;
  try {
    const user = await findUserById(ctx.db, subscription.userId);
    if (!user) return;
    const listed = await transactionOf(ctx, subscription, sale.saleId);
    const amount = listed
      ? { value: listed.amount.value, currency: listed.amount.currency_code }
      : sale.amount;
    if (!amount) throw new PayPalError(`PayPal lists no sale ${sale.saleId} yet`);
    ctx.mailer.dispatch(
      receiptMail(ctx.config, {
        to: user.email,
        saleId: sale.saleId,
        at: listed?.time ?? sale.time ?? ctx.now().toISOString(),
        plan: subscription.plan,
        amount,
        billingUrl: `${ctx.config.publicUrl}/account/billing`,
      }),
    );
  } catch (error) {
    await releaseReceipt(ctx.db, sale.saleId);
    throw error;
  }
}

/**
 * The subscription whose sale was given back: the one the event names, else the one the sale was recorded
 * with, else the one PayPal says the sale paid (a refund may come before its sale's event, or name only it).
 */
async function subscriptionGivenBack(
  ctx: AppContext,
  {
    paypal,
    saleId,
    subscriptionId,
  }: { paypal: PayPalSubscriptions; saleId: string; subscriptionId: string | null },
): Promise<Subscription | null> {
  if (subscriptionId) return findByPayPalId(ctx.db, subscriptionId);
  const known = await subscriptionOfSale(ctx.db, saleId);
  if (known !== null) return findById(ctx.db, known);
  const paid = await paypal.subscriptionOfSale(saleId);
  return paid ? findByPayPalId(ctx.db, paid) : null;
}

/**
 * PAYMENT.SALE.REFUNDED or .REVERSED (DESIGN 15). What happened is read from PayPal's transactions, never the
 * body: a payment given back in full (REFUNDED) ends access now, mails and pushes, and cancels the
 * subscription at PayPal; one given back in part changes nothing (the history shows it). Replays and late
 * deliveries find access ended already and the subscription cancelled: nothing more happens.
 */
export async function saleGivenBack(
  ctx: AppContext,
  { saleId, subscriptionId, reversed }: { saleId: string; subscriptionId: string | null; reversed: boolean },
): Promise<'ended' | 'unchanged'> {
  const paypal = ctx.paypal;
  if (!paypal) throw new PayPalError('PayPal is not configured');
  const subscription = await subscriptionGivenBack(ctx, { paypal, saleId, subscriptionId });
  // A sale of a subscription this server did not create (or of an account deleted since): nothing to end.
  if (!subscription) return 'unchanged';
  const listed = await transactionOf(ctx, subscription, saleId);
  if (listed?.status !== 'REFUNDED') return 'unchanged';

  const at = ctx.now().toISOString();
  if (await endAccess(ctx.db, { id: subscription.id, at })) {
    const ended = (await findById(ctx.db, subscription.id))!;
    await announce(ctx, subscription, ended);
    const user = await findUserById(ctx.db, subscription.userId);
    if (user) ctx.mailer.dispatch(refundEndedMail(ctx.config, { to: user.email, reversed }));
  }
  const remote = await paypal.get(subscription.paypalSubscriptionId);
  if (remote && (remote.status === 'ACTIVE' || remote.status === 'SUSPENDED'))
    await paypal.cancel(subscription.paypalSubscriptionId, reversed ? REVERSED_REASON : REFUNDED_REASON);
  await refreshFromPayPal(ctx, subscription.paypalSubscriptionId);
  return 'ended';
}
