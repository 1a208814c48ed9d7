import type { Me, User } from '../../contract/users.js';
import { hashPassword, needsRehash } from '../passwords/password-hashing.js';
import { isForeignKeyViolation } from '../db/errors.js';
import { invalidTokenError } from '../sessions/request-user.js';
import {
  createSession,
  revokeSession,
  signInWithToken,
  type Authenticated,
} from '../sessions/sessions.service.js';
import { findUserById, updatePasswordHash } from '../users/users.repository.js';
import type { AccountsContext, Caller } from './accounts-context.js';
import { invalidCredentials } from './account-errors.js';
import { checkCredentials } from './credentials.js';
import { toMe, toUserJson } from './user-json.js';

/** E-mail and password: a new session. Unknown e-mail and wrong password get the same reply in the same time. */
export async function signInWithPassword(
  { db, audit, events }: AccountsContext,
  { email, password, caller }: { email: string; password: string; caller: Caller },
): Promise<User> {
  const user = await checkCredentials(
    { db, audit },
    { email, password, ip: caller.ip, failedEvent: 'sign_in_failed' },
  );
  if (!user) throw invalidCredentials();
  if (needsRehash(user.password_hash)) {
    // The parameters changed since this hash was made; the password is at hand only now, at sign-in.
    const passwordHash = await hashPassword(password);
    await updatePasswordHash(db, { id: user.id, passwordHash, at: new Date().toISOString(), changed: false });
  }
  // The password was checked outside the transaction (it is slow); the account may have been deleted or
  // its password changed meanwhile. Either way these credentials no longer hold.
  const token = await db
    .transaction()
    .execute(async (tx) => {
      const current = await findUserById(tx, user.id);
      if (current?.password_changed_at !== user.password_changed_at) throw invalidCredentials();
      const created = await createSession(tx, {
        userId: user.id,
        kind: 'password',
        userAgent: caller.userAgent,
      });
      await audit.record(tx, { event: 'sign_in', subject: { userId: user.id }, ip: caller.ip });
      return created.token;
    })
    .catch((error: unknown) => {
      // PostgreSQL: the deletion committed between our check and the insert.
      throw isForeignKeyViolation(error) ? invalidCredentials() : error;
    });
  await events.sessionCreated(user.id, 'password');
  return toUserJson(user, token);
}

/** A stored token (or a QR token, which this makes an ordinary session): the same token back. */
export async function signInWithStoredToken(
  { db, audit, events }: AccountsContext,
  { token, caller }: { token: string; caller: Caller },
): Promise<User> {
  const found = await signInWithToken(db, token);
  if (!found) throw invalidTokenError();
  if (found.activated) {
    // A new device has just signed in with a QR code; re-presenting an active token is no new sign-in.
    await audit.record(db, { event: 'sign_in', subject: { userId: found.user.id }, ip: caller.ip });
    await events.sessionCreated(found.user.id, 'qr');
  }
  return toUserJson(found.user, token);
}

export async function signOut({ db, events }: AccountsContext, { session }: Authenticated): Promise<void> {
  await revokeSession(db, session.id);
  await events.signedOut([session.id]);
}

export function currentUser({ user }: Authenticated): Me {
  return toMe(user);
}
