import type { Transaction } from '../../contract/billing.js';
import { transactionStatusSchema } from '../../contract/billing.js';
import type { AppContext } from '../app-context.js';
import { historyUnavailable, transactionNotFound } from '../http/errors.js';
import { PayPalError } from '../paypal/paypal-api.js';
import { generateToken, hashToken, looksLikeToken } from '../sessions/session-token.js';
import { insertReceiptLink, takeReceiptLink } from './billing.repository.js';
import { listForUser } from './subscriptions.repository.js';

const DAY_MS = 24 * 60 * 60_000;
/** DESIGN 15: the history reaches back 24 months. */
export const HISTORY_MONTHS = 24;
export const RECEIPT_LINK_MS = 5 * 60_000;

/** A payment of the history, with what the receipt page says besides: the payer's PayPal e-mail. */
export interface HistoryEntry extends Transaction {
  payerEmail: string | null;
}

/**
 * PayPal's transactions of every subscription of the user that PayPal ever ran (one still awaiting approval
 * has paid nothing), over the last 24 months, newest first. Read fresh each time: refunds and reversals
 * change a payment's status at PayPal, never here.
 */
export async function paymentHistory(ctx: AppContext, userId: number): Promise<HistoryEntry[]> {
  const paypal = ctx.paypal;
  if (!paypal) throw historyUnavailable();
  await ctx.rateLimiter.check('billingReadsPerUser', String(userId));
  const to = ctx.now();
  const since = new Date(to);
  since.setUTCMonth(since.getUTCMonth() - HISTORY_MONTHS);
  const subscriptions = (await listForUser(ctx.db, userId)).filter(
    (s) => s.status !== 'APPROVAL_PENDING' && s.updatedAt >= since.toISOString(),
  );
  const entries: HistoryEntry[] = [];
  try {
    for (const subscription of subscriptions) {
      const created = new Date(subscription.createdAt).getTime() - DAY_MS;
      const from = new Date(Math.max(created, since.getTime()));
      for (const transaction of await paypal.transactions(subscription.paypalSubscriptionId, { from, to })) {
        const status = transactionStatusSchema.safeParse(transaction.status);
        if (!status.success) {
          ctx.log.warn({ status: transaction.status }, 'PayPal transaction of an unknown status left out');
          continue;
        }
        entries.push({
          id: transaction.id,
          time: transaction.time,
          status: status.data,
          amount: transaction.amount,
          plan: subscription.plan,
          subscription_id: subscription.paypalSubscriptionId,
          payerEmail: transaction.payerEmail,
        });
      }
    }
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    ctx.log.warn({ err: error }, 'PayPal failed: list transactions');
    throw historyUnavailable();
  }
  return entries.sort((a, b) => b.time.localeCompare(a.time) || b.id.localeCompare(a.id));
}

export const toTransaction = ({ payerEmail: _payerEmail, ...transaction }: HistoryEntry): Transaction =>
  transaction;

/** One payment of the user's history; 404 transaction_not_found unless it is theirs. */
export async function paymentOf(
  ctx: AppContext,
  userId: number,
  transactionId: string,
): Promise<HistoryEntry> {
  const found = (await paymentHistory(ctx, userId)).find((entry) => entry.id === transactionId);
  if (!found) throw transactionNotFound();
  return found;
}

/**
 * A short-lived, single-use address of one receipt page (decision 192): a new browser tab sends no Bearer
 * token, and the page's token lives in local storage, out of a link's reach. Only its SHA-256 is kept.
 */
export async function receiptLink(
  ctx: AppContext,
  { userId, transactionId }: { userId: number; transactionId: string },
): Promise<{ url: string; expires_at: string }> {
  await paymentOf(ctx, userId, transactionId);
  const token = generateToken();
  const expiresAt = new Date(ctx.now().getTime() + RECEIPT_LINK_MS).toISOString();
  await insertReceiptLink(ctx.db, { tokenHash: hashToken(token), userId, transactionId, expiresAt });
  const path = `/billing/receipts/${encodeURIComponent(transactionId)}`;
  return { url: `${ctx.config.publicUrl}${path}?token=${token}`, expires_at: expiresAt };
}

/** The user a receipt link was made for, once; null for a used, expired, unknown or other receipt's token. */
export async function redeemReceiptLink(
  ctx: AppContext,
  { token, transactionId }: { token: string; transactionId: string },
): Promise<number | null> {
  if (!looksLikeToken(token)) return null;
  return takeReceiptLink(ctx.db, {
    tokenHash: hashToken(token),
    transactionId,
    at: ctx.now().toISOString(),
  });
}
