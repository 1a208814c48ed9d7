import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import type { DbOrTx } from '../db/database.js';
import { invalidResetToken, wrongCurrentPassword } from '../http/errors.js';
import { passwordChangedMail, passwordSetMail } from '../mail/account-mails.js';
import { claimReset, deleteUnusedResetsOfUser, findUsableReset } from './password-resets.repository.js';
import { hashToken, looksLikeToken } from '../sessions/session-token.js';
import type { Authenticated } from '../sessions/sessions.service.js';
import type { AccountRecovery, Recovered } from '../users/account-recovery.js';
import { updatePasswordHash } from '../users/users.repository.js';
import type { Account } from '../users/account.js';
import { clearAccountCounters, isPasswordOf } from '../users/credentials.js';
import { hashPassword } from '../users/password-hashing.js';
import { assertStrongPassword } from '../users/password-rules.js';

/** What both forms need besides the context: the one recovery step that ends what an intruder left. */
export interface PasswordChangeDeps {
  recovery: AccountRecovery;
}

/**
 * The writes both forms share: the new hash, unused reset links, and the recovery step (other sessions,
 * pending QR tokens and e-mail changes; after a reset also passkeys and device cookies).
 */
async function storeNewPassword(
  { tx, audit, recovery }: { tx: DbOrTx; audit: AppContext['audit']; recovery: AccountRecovery },
  {
    user,
    passwordHash,
    keepSessionId,
    ip,
  }: { user: Account; passwordHash: string; keepSessionId?: number; ip: string | null },
): Promise<Recovered> {
  await updatePasswordHash(tx, { id: user.id, passwordHash, at: new Date().toISOString(), changed: true });
  const recovered = await recovery.endWhatIntrudersLeft(tx, {
    userId: user.id,
    reason: keepSessionId === undefined ? 'password_reset' : 'password_changed',
    keepSessionId,
  });
  await deleteUnusedResetsOfUser(tx, user.id);
  await audit.record(tx, { event: 'password_changed', subject: { userId: user.id }, ip });
  // A used reset link proves the mailbox (DESIGN 13).
  if (recovered.firstVerification)
    await audit.record(tx, { event: 'email_verified', subject: { userId: user.id }, ip });
  return recovered;
}

async function announce({ config, events, mailer }: AppContext, user: Account, recovered: Recovered) {
  await events.signedOut(
    recovered.revoked.map((session) => session.id),
    'password_changed',
  );
  await events.passwordChanged(user.id);
  await recovered.announce();
  mailer.dispatch(passwordChangedMail(config, { to: user.email, notices: recovered.notices }));
}

/** The e-mailed link: sets the password and ends every session of the user. */
export async function changePasswordWithResetToken(
  context: AppContext,
  {
    token,
    password,
    caller,
    recovery,
  }: PasswordChangeDeps & { token: string; password: string; caller: Pick<Caller, 'ip'> },
): Promise<void> {
  const { db, audit } = context;
  if (!looksLikeToken(token)) throw invalidResetToken();
  const found = await findUsableReset(db, { tokenHash: hashToken(token), now: new Date().toISOString() });
  if (!found) throw invalidResetToken();
  const user = found.user;
  // Refused before the token is spent, so the person can try another password with the same link.
  assertStrongPassword(password, { email: user.email, appName: context.config.appName });
  const passwordHash = await hashPassword(password);
  const recovered = await db.transaction().execute(async (tx) => {
    if (!(await claimReset(tx, { id: found.reset.id, at: new Date().toISOString() }))) return null;
    return storeNewPassword({ tx, audit, recovery }, { user, passwordHash, ip: caller.ip });
  });
  if (!recovered) throw invalidResetToken();
  // The owner is back in: the lock after 100 failures and every per-account throttle start afresh.
  await clearAccountCounters(context.rateLimiter, user);
  await announce(context, user, recovered);
}

/**
 * DESIGN 13: an account without a password (made through a provider's sign-in) sets its first one, signed in,
 * after a mailed code proved its owner. Nothing is recovered (no way in was in doubt): its sessions stay.
 */
export async function setFirstPassword(
  context: AppContext,
  { auth: { user }, password, caller }: { auth: Authenticated; password: string; caller: Pick<Caller, 'ip'> },
): Promise<void> {
  const { db, audit, events, mailer, config } = context;
  assertStrongPassword(password, { email: user.email, appName: config.appName });
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    await updatePasswordHash(tx, { id: user.id, passwordHash, at: new Date().toISOString(), changed: true });
    await audit.record(tx, { event: 'first_password_set', subject: { userId: user.id }, ip: caller.ip });
  });
  await events.passwordChanged(user.id);
  mailer.dispatch(passwordSetMail(config, { to: user.email }));
}

/** Signed in, with the current password: sets the password and keeps only the calling session. */
export async function changePasswordWithCurrent(
  context: AppContext,
  {
    auth: { user, session },
    currentPassword,
    password,
    caller,
    recovery,
  }: PasswordChangeDeps & {
    auth: Authenticated;
    /** null once the route proved the owner with a mailed code instead (DESIGN 13). */
    currentPassword: string | null;
    password: string;
    caller: Pick<Caller, 'ip'>;
  },
): Promise<void> {
  const { db, audit } = context;
  if (currentPassword !== null && !(await isPasswordOf(context, user, currentPassword))) {
    await audit.record(db, { event: 'password_change_failed', subject: { userId: user.id }, ip: caller.ip });
    throw wrongCurrentPassword();
  }
  assertStrongPassword(password, { email: user.email, appName: context.config.appName });
  const passwordHash = await hashPassword(password);
  const recovered = await db
    .transaction()
    .execute((tx) =>
      storeNewPassword(
        { tx, audit, recovery },
        { user, passwordHash, keepSessionId: session.id, ip: caller.ip },
      ),
    );
  await announce(context, user, recovered);
}
