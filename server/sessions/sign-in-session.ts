import type { Transaction } from 'kysely';
import type { SessionKind } from '../../contract/cable.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { isForeignKeyViolation } from '../db/errors.js';
import type { Caller } from '../http/caller.js';
import type { Database } from '../db/schema.js';
import { holdUnchangedPassword } from '../users/users.repository.js';
import { createSession } from './sessions.service.js';

/**
 * A sign-in's writes in one transaction. PostgreSQL reports an account deleted between the sign-in's checks
 * and its inserts as a foreign-key violation: that sign-in gets `refused()` instead.
 */
export function signInTransaction<T>(
  db: Db,
  refused: () => Error,
  work: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .execute(work)
    .catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? refused() : error;
    });
}

/** Inside a sign-in's transaction: the new session and its sign_in audit event. Returns the session's token. */
export async function startSignedInSession(
  tx: Transaction<Database>,
  audit: AuditTrail,
  { userId, kind, caller, factors }: { userId: number; kind: SessionKind; caller: Caller; factors?: 1 | 2 },
): Promise<string> {
  const { token } = await createSession(tx, { userId, kind, userAgent: caller.userAgent, factors });
  await audit.record(tx, { event: 'sign_in', subject: { userId }, ip: caller.ip });
  return token;
}

/**
 * Inside a sign-in's transaction, after a password was checked outside it (that is slow): the account may
 * have been deleted or its password changed meanwhile, and then `refused()`. Otherwise the password row is
 * held until the session is committed, so a change cannot slip in between (docs/decisions/075), and a new
 * password session starts. Returns its token.
 */
export async function startSessionIfPasswordUnchanged(
  tx: Transaction<Database>,
  audit: AuditTrail,
  {
    userId,
    passwordChangedAt,
    caller,
    refused,
    kind = 'password',
    factors,
  }: {
    userId: number;
    passwordChangedAt: string;
    caller: Caller;
    refused: () => Error;
    /** How the sign-in began: a password, a mailed code or a provider's sign-in before a code step. */
    kind?: 'password' | 'email_code' | 'oidc';
    /** 2 after the code step of two-step sign-in. */
    factors?: 1 | 2;
  },
): Promise<string> {
  const unchanged = await holdUnchangedPassword(tx, { id: userId, passwordChangedAt });
  if (!unchanged) throw refused();
  return startSignedInSession(tx, audit, { userId, kind, caller, factors });
}
