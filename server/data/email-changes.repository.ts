import type { DbOrTx } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { EmailChangeRow } from '../db/schema.js';

/** A new request voids the older ones of the user: only the latest link works. */
export async function replaceEmailChange(db: DbOrTx, change: Omit<EmailChangeRow, 'id'>): Promise<void> {
  await db.deleteFrom('email_changes').where('user_id', '=', change.user_id).execute();
  await db.insertInto('email_changes').values(change).execute();
}

/** The unexpired change with this token hash. */
export async function findUsableEmailChange(
  db: DbOrTx,
  { tokenHash, now }: { tokenHash: string; now: string },
): Promise<EmailChangeRow | null> {
  const row = await db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/** Takes the change for this request; false when another request used the link first (single use). */
export async function claimEmailChange(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('email_changes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Sets the address; false when another account has it (the unique index decides, so two accounts racing
 * for one address cannot both win).
 */
export async function updateEmail(
  db: DbOrTx,
  { userId, email, at }: { userId: number; email: string; at: string },
): Promise<boolean> {
  const taken = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (taken) return false;
  try {
    // The address came through a link mailed to it: it is confirmed (DESIGN 13).
    await db
      .updateTable('users')
      .set({ email, updated_at: at, email_verified_at: at })
      .where('id', '=', userId)
      .execute();
    return true;
  } catch (error) {
    // On PostgreSQL the transaction is now aborted: the caller must throw, which rolls it back.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Changes past their 60 minutes: nothing can use them again. */
export async function deleteExpiredEmailChanges(db: DbOrTx, now: string): Promise<number> {
  const result = await db.deleteFrom('email_changes').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every pending change of the user (a recovery): no link mailed before works any more. */
export async function deleteEmailChangesOf(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.deleteFrom('email_changes').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
