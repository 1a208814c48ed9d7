import type { DbOrTx } from '../db/database.js';
import type { NewUserRow, UserRow } from '../db/schema.js';

/** `email` must already be normalised (trimmed, lower-case). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  // PostgreSQL text cannot hold NUL and would fail the query; no stored address contains one anyway.
  if (email.includes('\u0000')) return null;
  const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** Null when the e-mail is taken; the unique index decides, so two racing sign-ups cannot both win. */
export async function insertUser(db: DbOrTx, user: NewUserRow): Promise<UserRow | null> {
  const row = await db
    .insertInto('users')
    .values(user)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function updatePasswordHash(
  db: DbOrTx,
  { id, passwordHash, at, changed }: { id: number; passwordHash: string; at: string; changed: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at, ...(changed ? { password_changed_at: at } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Every row that names the user goes with it (ON DELETE CASCADE). */
export async function deleteUser(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
