import type { DbOrTx } from '../db/database.js';
import type { PasskeyRow } from '../db/schema.js';

/** A stored passkey with its counter read as a number (PostgreSQL hands bigint back as text). */
export type StoredPasskey = Omit<PasskeyRow, 'sign_count'> & { sign_count: number };

const read = (row: PasskeyRow): StoredPasskey => ({ ...row, sign_count: Number(row.sign_count) });

export async function insertPasskey(db: DbOrTx, passkey: StoredPasskey): Promise<StoredPasskey> {
  return read(await db.insertInto('passkeys').values(passkey).returningAll().executeTakeFirstOrThrow());
}

export async function listPasskeys(db: DbOrTx, userId: number): Promise<StoredPasskey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(read);
}

export async function findPasskeyByCredentialId(
  db: DbOrTx,
  credentialId: string,
): Promise<StoredPasskey | null> {
  const row = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row ? read(row) : null;
}

export async function renamePasskey(
  db: DbOrTx,
  { userId, id, name }: { userId: number; id: string; name: string },
): Promise<StoredPasskey | null> {
  const row = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ? read(row) : null;
}

export async function deletePasskey(db: DbOrTx, { userId, id }: { userId: number; id: string }) {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Records a sign-in: the new counter and the time, only if the counter is still the one that was checked,
 * so two sign-ins racing with the same assertion cannot both pass.
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  { id, previousCount, newCount, at }: { id: string; previousCount: number; newCount: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ sign_count: newCount, last_used_at: at })
    .where('id', '=', id)
    .where('sign_count', '=', previousCount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes every passkey of a user (a completed reset) and says how many there were. */
export async function deletePasskeysOf(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many passkeys each of these users has (users without one are left out). */
export async function countPasskeysOf(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('passkeys')
    .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('count')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.count)]));
}
