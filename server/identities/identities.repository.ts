import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/database.js';
import type { IdentitiesTable } from '../db/schema.js';

export type IdentityRow = IdentitiesTable;

export async function findIdentity(
  db: DbOrTx,
  { provider, subject }: { provider: string; subject: string },
): Promise<IdentityRow | null> {
  const row = await db
    .selectFrom('identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row ?? null;
}

/** Null when the identity is already someone's: the unique index decides, so two racing links cannot both win. */
export async function insertIdentity(
  db: DbOrTx,
  identity: Omit<IdentityRow, 'id' | 'last_used_at'> & { last_used_at?: string | null },
): Promise<IdentityRow | null> {
  const row = await db
    .insertInto('identities')
    .values({ id: randomBytes(12).toString('base64url'), last_used_at: null, ...identity })
    .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function touchIdentity(
  db: DbOrTx,
  { id, at, email }: { id: string; at: string; email: string | null },
): Promise<void> {
  await db.updateTable('identities').set({ last_used_at: at, email }).where('id', '=', id).execute();
}

export function identitiesOf(db: DbOrTx, userId: number): Promise<IdentityRow[]> {
  return db
    .selectFrom('identities')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countIdentitiesOf(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('identities')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes one identity of the account; the row, or null when it is not one of the account's. */
export async function deleteIdentity(
  db: DbOrTx,
  { id, userId }: { id: string; userId: number },
): Promise<IdentityRow | null> {
  const row = await db
    .deleteFrom('identities')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteIdentitiesOf(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.deleteFrom('identities').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
