import type { DbOrTx } from '../db/database.js';
import type { EmailChangeUndosTable } from '../db/schema.js';

export async function insertEmailChangeUndo(
  db: DbOrTx,
  undo: Omit<EmailChangeUndosTable, 'id'>,
): Promise<void> {
  await db.insertInto('email_change_undos').values(undo).execute();
}

/** The unexpired undo link with this token hash. */
export async function findUsableUndo(db: DbOrTx, { tokenHash, now }: { tokenHash: string; now: string }) {
  const row = await db
    .selectFrom('email_change_undos')
    .select(['id', 'user_id', 'old_email_sealed'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/** Takes the undo for this request (single use); false when another request used the link first. */
export async function claimUndo(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('email_change_undos').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Undo links past their 7 days. */
export async function deleteExpiredUndos(db: DbOrTx, now: string): Promise<number> {
  const result = await db.deleteFrom('email_change_undos').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
