import type { DbOrTx } from '../db/database.js';

/** Remembers which subscription a PayPal sale paid (a refund names only the sale). */
export async function recordSale(
  db: DbOrTx,
  { saleId, subscriptionId }: { saleId: string; subscriptionId: number },
): Promise<void> {
  await db
    .insertInto('paypal_sales')
    .values({ sale_id: saleId, subscription_id: subscriptionId, receipt_mailed_at: null })
    .onConflict((conflict) => conflict.column('sale_id').doNothing())
    .execute();
}

/** The subscription row a sale paid, if the sale was reported to this server. */
export async function subscriptionOfSale(db: DbOrTx, saleId: string): Promise<number | null> {
  const row = await db
    .selectFrom('paypal_sales')
    .select('subscription_id')
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
  return row?.subscription_id ?? null;
}

/** Claims a sale's receipt mail: true for the one caller that may send it, on every instance. */
export async function claimReceipt(
  db: DbOrTx,
  { saleId, at }: { saleId: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('paypal_sales')
    .set({ receipt_mailed_at: at })
    .where('sale_id', '=', saleId)
    .where('receipt_mailed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a receipt mail back when it could not be composed, so a redelivery sends it. */
export async function releaseReceipt(db: DbOrTx, saleId: string): Promise<void> {
  await db
    .updateTable('paypal_sales')
    .set({ receipt_mailed_at: null })
    .where('sale_id', '=', saleId)
    .execute();
}

export async function insertReceiptLink(
  db: DbOrTx,
  link: { tokenHash: string; userId: number; transactionId: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('receipt_links')
    .values({
      token_hash: link.tokenHash,
      user_id: link.userId,
      transaction_id: link.transactionId,
      expires_at: link.expiresAt,
    })
    .execute();
}

/**
 * Uses a receipt link once: the row goes whoever asks, and it counts only when it was still good, for that
 * transaction. Of two uses at the same moment one deletes the row and the other finds nothing.
 */
export async function takeReceiptLink(
  db: DbOrTx,
  { tokenHash, transactionId, at }: { tokenHash: string; transactionId: string; at: string },
): Promise<number | null> {
  const row = await db
    .deleteFrom('receipt_links')
    .where('token_hash', '=', tokenHash)
    .returning(['user_id', 'transaction_id', 'expires_at'])
    .executeTakeFirst();
  if (!row) return null;
  return row.expires_at > at && row.transaction_id === transactionId ? row.user_id : null;
}

export async function deleteExpiredReceiptLinks(db: DbOrTx, at: string): Promise<number> {
  const result = await db.deleteFrom('receipt_links').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
