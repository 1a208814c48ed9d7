import type { AuditEventName } from '../audit/audit.service.js';
import type { UserRow } from '../db/schema.js';
import { verifyDummyPassword, verifyPassword } from '../passwords/password-hashing.js';
import { normaliseEmail } from '../users/email-address.js';
import { findUserByEmail } from '../users/users.repository.js';
import type { AccountsContext } from './accounts-context.js';

/**
 * The user of this e-mail and password, or null after recording `failedEvent`. An unknown e-mail costs one
 * dummy verification, so it fails in the same time as a wrong password and tells nobody the address exists.
 */
export async function checkCredentials(
  { db, audit }: Pick<AccountsContext, 'db' | 'audit'>,
  {
    email,
    password,
    ip,
    failedEvent,
  }: { email: string; password: string; ip: string | null; failedEvent: AuditEventName },
): Promise<UserRow | null> {
  const address = normaliseEmail(email);
  const user = await findUserByEmail(db, address);
  const valid = user
    ? await verifyPassword(user.password_hash, password)
    : await verifyDummyPassword(password);
  if (user && valid) return user;
  await audit.record(db, {
    event: failedEvent,
    subject: user ? { userId: user.id } : { email: address },
    ip,
  });
  return null;
}
