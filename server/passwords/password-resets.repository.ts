import type { DbOrTx } from '../db/database.js';
import type { PasswordResetRow } from '../db/schema.js';
import type { Account } from '../users/account.js';
import { readAccount } from '../users/account.js';
import { ACCOUNT_SELECTION } from '../users/users.repository.js';

export async function insertPasswordReset(db: DbOrTx, reset: Omit<PasswordResetRow, 'id'>): Promise<void> {
  await db.insertInto('password_resets').values(reset).execute();
}

/** Voids the reset links of a user that were never used (a new request or a password change). */
export async function deleteUnusedResetsOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** An unused, unexpired reset with this token hash, and the user it belongs to. */
export async function findUsableReset(
  db: DbOrTx,
  { tokenHash, now }: { tokenHash: string; now: string },
): Promise<{ reset: PasswordResetRow; user: Account } | null> {
  const reset = await db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!reset) return null;
  const user = await db
    .selectFrom('users')
    .select(ACCOUNT_SELECTION)
    .where('id', '=', reset.user_id)
    .executeTakeFirst();
  return user ? { reset, user: readAccount(user) } : null;
}

/** Marks the reset used; false when another request used it first, so a token works exactly once. */
export async function claimReset(db: DbOrTx, { id, at }: { id: number; at: string }): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reset links past their 60 minutes, used or not: nothing reads them again. */
export async function deleteExpiredResets(db: DbOrTx, now: string): Promise<number> {
  const result = await db.deleteFrom('password_resets').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
