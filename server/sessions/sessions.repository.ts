import type { InferResult } from 'kysely';
import { type Param, prepare } from '../db/prepared-query.js';
import type { DbOrTx } from '../db/database.js';
import type { SessionRow } from '../db/schema.js';
import type { Account } from '../users/account.js';
import { HAS_PASSWORD } from '../users/users.repository.js';

export type NewSession = Omit<SessionRow, 'id'>;

// Every sign-in inserts a session: a prepared query (prepared-query.ts).
const insert = prepare((db, param: Param<NewSession>) =>
  db
    .insertInto('sessions')
    .values({
      user_id: param('user_id'),
      token_hash: param('token_hash'),
      created_at: param('created_at'),
      last_used_at: param('last_used_at'),
      expires_at: param('expires_at'),
      user_agent: param('user_agent'),
      kind: param('kind'),
      pending: param('pending'),
      public_id: param('public_id'),
      factors: param('factors'),
    })
    .returningAll(),
);

export async function insertSession(db: DbOrTx, session: NewSession): Promise<SessionRow> {
  const { rows } = await insert.execute(db, session);
  const [row] = rows;
  if (!row) throw new Error('The new session row was not returned');
  return row;
}

function sessionWithUserQuery(db: DbOrTx, param: Param<{ tokenHash: string }>) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.token_hash', '=', param('tokenHash'))
    .select([
      'sessions.id as session_id',
      'sessions.user_id',
      'sessions.token_hash',
      'sessions.created_at as session_created_at',
      'sessions.last_used_at',
      'sessions.expires_at',
      'sessions.user_agent',
      'sessions.kind',
      'sessions.pending',
      'sessions.public_id',
      'sessions.factors',
      'users.email',
      'users.role',
      'users.created_at as user_created_at',
      'users.updated_at',
      'users.password_changed_at',
      'users.email_verified_at',
      HAS_PASSWORD,
    ]);
}

// Token sign-in and every Bearer call run this query: prepared, and read at once on SQLite.
const lookup = prepare(sessionWithUserQuery);

/** The session with this token hash and its user, in one query (token sign-in is the hottest path). */
export async function findSessionWithUser(db: DbOrTx, tokenHash: string): Promise<SessionWithUser | null> {
  const [row] = await lookup.rows(db, { tokenHash });
  return row ? sessionWithUser(row) : null;
}

export interface SessionWithUser {
  session: SessionRow;
  user: Account;
}

type LookupRow = InferResult<ReturnType<typeof sessionWithUserQuery>>[number];

function sessionWithUser(row: LookupRow): SessionWithUser {
  return {
    session: {
      id: row.session_id,
      user_id: row.user_id,
      token_hash: row.token_hash,
      created_at: row.session_created_at,
      last_used_at: row.last_used_at,
      expires_at: row.expires_at,
      user_agent: row.user_agent,
      kind: row.kind,
      pending: Number(row.pending),
      public_id: row.public_id,
      factors: Number(row.factors),
    },
    user: {
      id: row.user_id,
      email: row.email,
      role: Number(row.role),
      created_at: row.user_created_at,
      updated_at: row.updated_at,
      password_changed_at: row.password_changed_at,
      email_verified_at: row.email_verified_at,
      has_password: Number(row.has_password) === 1,
    },
  };
}

/** Moves the idle deadline; only when the stored last use is still the one read, so racing calls write once. */
export async function touchSession(
  db: DbOrTx,
  { id, previousLastUsedAt, lastUsedAt, expiresAt }: TouchSession,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: lastUsedAt, expires_at: expiresAt })
    .where('id', '=', id)
    .where('last_used_at', '=', previousLastUsedAt)
    .execute();
}

interface TouchSession {
  id: number;
  previousLastUsedAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

export async function findSessionById(db: DbOrTx, id: number): Promise<SessionRow | null> {
  return (await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Removes a pending QR session as it is redeemed; false when another call got there first. */
export async function claimPendingSession(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('pending', '=', 1)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteSession(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Deletes every session of a user (pending QR tokens too) but the one kept (if any), and names them. */
export async function deleteSessionsOfUser(
  db: DbOrTx,
  { userId, exceptId }: { userId: number; exceptId?: number },
): Promise<EndedSession[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.returning(['id', 'public_id', 'pending']).execute();
  return rows.map((row) => ({ ...row, pending: Number(row.pending) }));
}

/** Deletes the QR tokens of a user that no device has used yet (its logout ends them). */
export async function deletePendingSessionsOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('pending', '=', 1).execute();
}

/** Sessions whose deadline has passed can never be used again. */
export async function deleteExpiredSessions(db: DbOrTx, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What the Devices list needs of a session: its public id, kind, user agent and times; never the hash. */
export type ListedSession = Pick<
  SessionRow,
  'id' | 'public_id' | 'kind' | 'user_agent' | 'created_at' | 'last_used_at'
>;

/** The signed-in sessions of a user (not QR codes waiting to be used), latest use first. */
export function listActiveSessions(db: DbOrTx, userId: number): Promise<ListedSession[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'public_id', 'kind', 'user_agent', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('pending', '=', 0)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many signed-in sessions (not QR codes waiting) each of these users has; users without one are left out. */
export async function countActiveSessions(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('count')])
    .where('user_id', 'in', userIds)
    .where('pending', '=', 0)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.count)]));
}

/** Deletes one signed-in session of this user by its public id; null when the user has no such session. */
export async function deleteSessionByPublicId(
  db: DbOrTx,
  { userId, publicId }: { userId: number; publicId: string },
): Promise<SessionIds | null> {
  const row = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .where('pending', '=', 0)
    .returning(['id', 'public_id'])
    .executeTakeFirst();
  return row ?? null;
}

export type SessionIds = Pick<SessionRow, 'id' | 'public_id'>;

/** A session that ended, and whether it was a QR token no device had used yet. */
export type EndedSession = SessionIds & Pick<SessionRow, 'pending'>;
