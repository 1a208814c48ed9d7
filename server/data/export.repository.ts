import { sql } from 'kysely';
import type { DbOrTx, Dialect } from '../db/database.js';

/**
 * What the export reads, table by table. Each query names its columns: a secret, hash or token column
 * (password_hash, token_hash, an audit subject) is never selected, so it cannot reach the file by accident.
 */

export function exportedUser(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'created_at', 'updated_at', 'password_changed_at', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function exportedSessions(db: DbOrTx, userId: number) {
  const rows = await db
    .selectFrom('sessions')
    .select(['public_id', 'kind', 'created_at', 'last_used_at', 'expires_at', 'user_agent', 'pending'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(({ public_id, ...row }) => ({ id: public_id, ...row, pending: Number(row.pending) === 1 }));
}

export async function exportedPasskeys(db: DbOrTx, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(['name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Whether two-step sign-in is on: never the secret, the recovery codes' hashes or a challenge. */
export async function exportedTwoFactor(db: DbOrTx, userId: number) {
  const row = await db
    .selectFrom('two_factor')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { enabled: row !== undefined && row.enabled_at !== null };
}

export async function exportedSubscriptions(db: DbOrTx, userId: number) {
  const rows = await db
    .selectFrom('subscriptions')
    .select([
      'paypal_subscription_id',
      'plan',
      'paypal_plan_id',
      'status',
      'next_billing_at',
      'last_payment_at',
      'payment_failed',
      'status_changed_at',
      'access_until',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, payment_failed: Number(row.payment_failed) === 1 }));
}

export function exportedPasswordResets(db: DbOrTx, userId: number) {
  return db
    .selectFrom('password_resets')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function exportedEmailChanges(db: DbOrTx, userId: number) {
  return db
    .selectFrom('email_changes')
    .select(['new_email', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function exportedEmailCodes(db: DbOrTx, userId: number) {
  return db
    .selectFrom('email_codes')
    .select(['purpose', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function exportedIdentities(db: DbOrTx, userId: number) {
  return db
    .selectFrom('identities')
    .select(['provider', 'email', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/**
 * The account's own audit events, oldest first: those keyed by its id, and those keyed by its address from
 * the moment it took that address on (its sign-up, or its latest completed e-mail change). Events of the
 * address from before, made by whoever used it then, are not the account's and stay out.
 */
export async function exportedAuditEvents(
  db: DbOrTx,
  {
    accountSubjects,
    addressSubjects,
    createdAt,
  }: { accountSubjects: string[]; addressSubjects: string[]; createdAt: string },
) {
  const changed = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('subject', 'in', accountSubjects)
    .where('event', '=', 'email_changed')
    .executeTakeFirst();
  const addressTakenAt = changed?.at ?? createdAt;
  return db
    .selectFrom('audit_events')
    .select(['at', 'event', 'ip'])
    .where((eb) =>
      eb.or([
        eb('subject', 'in', accountSubjects),
        eb.and([eb('subject', 'in', addressSubjects), eb('at', '>=', addressTakenAt)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Every table with a `user_id` column, read from the database itself (the export's coverage test). */
export async function tablesNamingUsers(db: DbOrTx, dialect: Dialect): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ name: string }>`select m.name as name from sqlite_master m, pragma_table_info(m.name) c
          where m.type = 'table' and c.name = 'user_id' order by m.name`
      : sql<{ name: string }>`select table_name as name from information_schema.columns
          where table_schema = current_schema() and column_name = 'user_id' order by table_name`;
  return (await query.execute(db)).rows.map((row) => row.name);
}
