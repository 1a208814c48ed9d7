import { z } from 'zod';
import { subscriptionPlanSchema } from './subscriptions.js';

/** A payment's status as PayPal's subscription transactions name it (billing_subscriptions_v1 capture_status). */
export const transactionStatusSchema = z.enum([
  'COMPLETED',
  'DECLINED',
  'PARTIALLY_REFUNDED',
  'PENDING',
  'REFUNDED',
]);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** One payment of the history (DESIGN 15), as PayPal lists it. */
export const transactionSchema = z.object({
  id: z
    .string()
    .describe("PayPal's transaction id: the receipt's address and the id the payer sees at PayPal"),
  time: z.string().describe('ISO 8601 time PayPal processed it'),
  status: transactionStatusSchema.describe(
    'As PayPal names it; a refund or a reversal of the whole payment is REFUNDED, of part of it PARTIALLY_REFUNDED',
  ),
  amount: z.object({
    currency_code: z.string(),
    value: z.string().describe('Decimal string, e.g. "12.50": the gross amount paid'),
  }),
  plan: subscriptionPlanSchema.describe('The plan of the subscription it paid for'),
  subscription_id: z.string().describe('PayPal subscription id, "I-…"'),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsReplySchema = z.object({
  transactions: z
    .array(transactionSchema)
    .describe("Every payment of the user's subscriptions in the last 24 months, newest first"),
});
export type TransactionsReply = z.infer<typeof transactionsReplySchema>;

/**
 * POST /api/v1/billing/receipt_link: the receipt page is opened in a browser tab, which sends no Bearer
 * token, so an authenticated call first gets a short-lived, single-use address for it (decision 192).
 */
export const receiptLinkBodySchema = z.object({ transaction_id: z.string().min(1).max(50) });
export type ReceiptLinkBody = z.infer<typeof receiptLinkBodySchema>;

export const receiptLinkReplySchema = z.object({
  url: z
    .string()
    .describe(
      'PUBLIC_URL/billing/receipts/<transaction id>?token=<token>: open it in a new tab; it works once, within 5 minutes',
    ),
  expires_at: z.string().describe('ISO 8601 time the address stops working if unused (5 minutes)'),
});
export type ReceiptLinkReply = z.infer<typeof receiptLinkReplySchema>;
