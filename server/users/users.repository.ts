import { sql, type Transaction } from 'kysely';
import { type Param, prepare } from '../db/prepared-query.js';
import type { DbOrTx } from '../db/database.js';
import { isSqlite } from '../db/sqlite-dialect.js';
import type { Database, NewUserRow, UserRow } from '../db/schema.js';
import { readAccount, type Account } from './account.js';

/** An account's columns: every one but the password hash, which only the credential read selects. */
export const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'role',
  'created_at',
  'updated_at',
  'password_changed_at',
  'email_verified_at',
] as const satisfies ReadonlyArray<keyof Account>;

/** Whether the account has a password, without reading its hash: 1 or 0 on both databases. */
export const HAS_PASSWORD = sql<number>`case when password_hash is null then 0 else 1 end`.as('has_password');

/** What reads an Account: its columns and HAS_PASSWORD (then `readAccount`). */
export const ACCOUNT_SELECTION = [...ACCOUNT_COLUMNS, HAS_PASSWORD] as const;

/** `email` must already be normalised (trimmed, lower-case). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<Account | null> {
  // PostgreSQL text cannot hold NUL and would fail the query; no stored address contains one anyway.
  if (email.includes('\u0000')) return null;
  const row = await db
    .selectFrom('users')
    .select(ACCOUNT_SELECTION)
    .where('email', '=', email)
    .executeTakeFirst();
  return row ? readAccount(row) : null;
}

// Every password check starts with this read: prepared (prepared-query.ts).
const credentialsQuery = prepare((db, param: Param<{ email: string }>) =>
  db.selectFrom('users').selectAll().where('email', '=', param('email')),
);

/**
 * The one read of a password hash: the account of this address with its hash, for the credential check
 * (users/credentials.ts) alone. `email` must already be normalised.
 */
export async function credentialsByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  if (email.includes('\u0000')) return null;
  const [row] = await credentialsQuery.rows(db, { email });
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<Account | null> {
  const row = await db.selectFrom('users').select(ACCOUNT_SELECTION).where('id', '=', id).executeTakeFirst();
  return row ? readAccount(row) : null;
}

/** Null when the e-mail is taken; the unique index decides, so two racing sign-ups cannot both win. */
export async function insertUser(db: DbOrTx, user: NewUserRow): Promise<Account | null> {
  const row = await db
    .insertInto('users')
    .values(user)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning(ACCOUNT_SELECTION)
    .executeTakeFirst();
  return row ? readAccount(row) : null;
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

/** Replaces an outdated hash with a new one of the same password, unless the password changed meanwhile. */
export async function replaceOutdatedHash(
  db: DbOrTx,
  {
    id,
    previousHash,
    passwordHash,
    at,
  }: { id: number; previousHash: string; passwordHash: string; at: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', id)
    .where('password_hash', '=', previousHash)
    .execute();
}

// Every password sign-in runs it: prepared. PostgreSQL: an update that changes nothing takes the row lock
// (`updated_at` set from a plain reference, not an `(eb) =>` callback: Kysely's expression builder is a new
// function object with some thirty properties on each call, a shape of its own every time, decision 098).
// SQLite: the transaction holds the database's write lock from its begin (decision 204), so a read is the
// same check, without writing the row's page again at every sign-in.
const hold = prepare((db, param: Param<{ id: number; passwordChangedAt: string }>) =>
  isSqlite(db)
    ? db
        .selectFrom('users')
        .select('id')
        .where('id', '=', param('id'))
        .where('password_changed_at', '=', param('passwordChangedAt'))
    : db
        .updateTable('users')
        .set({ updated_at: sql.ref('updated_at') })
        .where('id', '=', param('id'))
        .where('password_changed_at', '=', param('passwordChangedAt'))
        .returning('id'),
);

/**
 * Inside a sign-in's transaction: true while the password is still the one just checked, and the row stays
 * locked until the transaction ends (PostgreSQL: the row; SQLite: the whole database), so a password change
 * cannot commit between this check and the new session; it waits, then ends that session with the others.
 */
export async function holdUnchangedPassword(
  tx: Transaction<Database>,
  { id, passwordChangedAt }: { id: number; passwordChangedAt: string },
): Promise<boolean> {
  const { rows } = await hold.execute(tx, { id, passwordChangedAt });
  return rows.length === 1;
}

/**
 * DESIGN 13: the account's address is confirmed from `at` on. True when it was not before (the first
 * confirmation), false when it already was or the account is gone.
 */
export async function markEmailVerified(
  db: DbOrTx,
  { id, at }: { id: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: at })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Of these accounts, those whose address is confirmed (the support console's list). */
export async function verifiedAmong(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('email_verified_at', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Every row that names the user goes with it (ON DELETE CASCADE). */
export async function deleteUser(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
