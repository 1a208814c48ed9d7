import type { DbOrTx } from '../db/database.js';
import type { EmailCodePurpose } from '../../contract/email-codes.js';
import { EMAIL_CODE_TRIES } from '../../contract/email-codes.js';
import type { EmailCodesTable } from '../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

export type EmailCodeRow = Selectable<EmailCodesTable>;

/** A new code of a purpose voids the older ones of that purpose (DESIGN 13): they go, this one is stored. */
export async function replaceCode(db: DbOrTx, row: Insertable<EmailCodesTable>): Promise<void> {
  await db
    .deleteFrom('email_codes')
    .where('user_id', '=', row.user_id)
    .where('purpose', '=', row.purpose)
    .execute();
  await db.insertInto('email_codes').values(row).execute();
}

/** The account's live code of this purpose (unused, tries left, the row not expired), or null. */
export async function liveCodeOf(
  db: DbOrTx,
  { userId, purpose, now }: { userId: number; purpose: EmailCodePurpose; now: string },
): Promise<EmailCodeRow | null> {
  const row = await db
    .selectFrom('email_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('tries', '<', EMAIL_CODE_TRIES)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** One wrong try; the row then has `EMAIL_CODE_TRIES` at most, and is dead at that. */
export async function countWrongTry(db: DbOrTx, id: number): Promise<void> {
  await db
    .updateTable('email_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', EMAIL_CODE_TRIES)
    .execute();
}

/**
 * Uses the row: false when another request used it first (or, for a code, its tries ran out meanwhile), so
 * it works once. A link is a 32-byte token, not a 6-digit guess: wrong codes do not end it.
 */
export async function claimCode(
  db: DbOrTx,
  { id, at, byLink = false }: { id: number; at: string; byLink?: boolean },
): Promise<boolean> {
  let update = db
    .updateTable('email_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null);
  if (!byLink) update = update.where('tries', '<', EMAIL_CODE_TRIES);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The unused, unexpired row whose link token has this hash. */
export async function findLinkRow(
  db: DbOrTx,
  { tokenHash, now }: { tokenHash: string; now: string },
): Promise<EmailCodeRow | null> {
  const row = await db
    .selectFrom('email_codes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/** Every code of the account of one purpose goes (the address was verified another way, say). */
export async function deleteCodesOf(
  db: DbOrTx,
  { userId, purpose }: { userId: number; purpose: EmailCodePurpose },
) {
  await db.deleteFrom('email_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}

/** The housekeeping sweep: used, spent and expired codes go. */
export async function deleteDeadCodes(db: DbOrTx, at: string): Promise<number> {
  const result = await db
    .deleteFrom('email_codes')
    .where((eb) =>
      eb.or([eb('expires_at', '<=', at), eb('used_at', 'is not', null), eb('tries', '>=', EMAIL_CODE_TRIES)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
