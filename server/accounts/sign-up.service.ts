import type { User } from '../../contract/users.js';
import { emailTaken, invalidEmail } from '../http/errors.js';
import { hashPassword } from '../users/password-hashing.js';
import { assertStrongPassword } from '../users/password-rules.js';
import { createSession } from '../sessions/sessions.service.js';
import { isValidEmail, normaliseEmail } from '../users/email-address.js';
import { findUserByEmail, insertUser } from '../users/users.repository.js';
import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import { toUserJson } from '../users/user-json.js';

const MEMBER = 0;

/** Creates the account and signs it in; the reply carries the new session's token. */
export async function signUp(
  { db, audit, events, config }: AppContext,
  { email, password, caller }: { email: string; password: string; caller: Caller },
): Promise<User> {
  const address = normaliseEmail(email);
  if (!isValidEmail(address)) throw invalidEmail();
  // Checked before the password rules: someone who already has an account should sign in, not pick a
  // stronger password. Checked before hashing, so a taken address costs no argon2 work.
  if (await findUserByEmail(db, address)) throw emailTaken();
  assertStrongPassword(password, { email: address, appName: config.appName });
  const passwordHash = await hashPassword(password);

  const now = new Date().toISOString();
  const created = await db.transaction().execute(async (tx) => {
    // The unique index decides between two sign-ups racing for one address.
    const user = await insertUser(tx, {
      email: address,
      password_hash: passwordHash,
      role: MEMBER,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    });
    if (!user) return null;
    const { token } = await createSession(tx, {
      userId: user.id,
      kind: 'signup',
      userAgent: caller.userAgent,
    });
    await audit.record(tx, { event: 'sign_up', subject: { userId: user.id }, ip: caller.ip });
    return { user, token };
  });
  if (!created) throw emailTaken();
  await events.sessionCreated(created.user.id, 'signup');
  return toUserJson(created.user, created.token);
}
