import type { AuditEventName, AuditTrail } from '../audit/audit.service.js';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { accountLocked } from '../http/errors.js';
import { accountLockedMail, wrongCodesMail } from '../mail/account-mails.js';
import type { Mailer } from '../mail/mailer.js';
import type { RateCounter, RateLimiter } from '../rate-limit/rate-limits.js';
import { toAccount, type Account } from './account.js';
import { normaliseEmail } from './email-address.js';
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from './password-hashing.js';
import { credentialsByEmail, replaceOutdatedHash } from './users.repository.js';

/** What a password check needs: it counts on the rate limiter, and mails the owner when it locks. */
export interface PasswordCheckDeps {
  db: DbOrTx;
  audit: AuditTrail;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  config: Pick<Config, 'appName' | 'supportEmail' | 'publicUrl'>;
}

/** The subject of an account's failure count; an unknown address gets one too, so both reply alike. */
const failureSubject = (user: UserRow | null, address: string) =>
  user ? `account:${user.id}` : `email:${address}`;

/** The subjects of every per-account counter, which a completed reset clears. */
export async function clearAccountCounters(
  rateLimiter: RateLimiter,
  account: Pick<Account, 'id' | 'email'>,
): Promise<void> {
  await Promise.all([
    rateLimiter.reset('passwordFailuresPerAccount', `account:${account.id}`),
    rateLimiter.reset('signInPerAccount', account.email),
    rateLimiter.reset('deletePerAccount', account.email),
    rateLimiter.reset('changePasswordPerUser', String(account.id)),
    rateLimiter.reset('qrPerUser', String(account.id)),
    rateLimiter.reset('wrongCodesPerAccount', `account:${account.id}`),
  ]);
}

/** Whether the account's password checks are stopped (100 failures in a row): the support console shows it. */
export function isAccountLocked(rateLimiter: RateLimiter, account: Pick<Account, 'id'>): Promise<boolean> {
  return rateLimiter.isSpent('passwordFailuresPerAccount', `account:${account.id}`);
}

/** After a sign-in that passed every step: the account's count of failures in a row starts again. */
export async function clearFailures(rateLimiter: RateLimiter, account: Pick<Account, 'id'>): Promise<void> {
  await rateLimiter.reset('passwordFailuresPerAccount', `account:${account.id}`);
}

/**
 * One code at a second step of sign-in (authenticator, recovery or, later, mailed code), counted before it
 * is looked at exactly like a password check (DESIGN 7, "Second steps count"): past the 100-failure stop no
 * code runs, the right one included. Returns how to settle it: a code that passed clears the counts; a
 * wrong one counts toward the stop (the 100th mails the lock, once) and toward the wrong codes in a row,
 * whose fifth mails the owner.
 */
export async function countSecondStep(
  deps: PasswordCheckDeps,
  account: Pick<Account, 'id' | 'email'>,
): Promise<(passed: boolean) => Promise<void>> {
  const { rateLimiter, mailer, config } = deps;
  const subject = `account:${account.id}`;
  const { count } = await rateLimiter.hit('passwordFailuresPerAccount', subject);
  const { limit } = rateLimiter.settings.passwordFailuresPerAccount;
  if (count > limit) throw accountLocked();
  return async (passed) => {
    if (passed) {
      await Promise.all([
        rateLimiter.reset('passwordFailuresPerAccount', subject),
        rateLimiter.reset('wrongCodesPerAccount', subject),
      ]);
      return;
    }
    if (count === limit) mailer.dispatch(accountLockedMail(config, { to: account.email }));
    const inARow = await rateLimiter.hit('wrongCodesPerAccount', subject);
    if (inARow.count === rateLimiter.settings.wrongCodesPerAccount.limit)
      mailer.dispatch(wrongCodesMail(config, { to: account.email }));
  };
}

/**
 * The one password check of an account, whatever asks (sign-in, deletion, QR code, password change): every
 * check counts against the account before argon2 runs, a success lets the caller start the count again
 * (`failures.reset`), and past `passwordFailuresPerAccount` (100 in a row) no check runs, the right
 * password included, until a reset link is used. The 100th failure mails the owner, once. An unknown
 * address costs one dummy verification and keeps a count of its own, so neither the time nor the reply
 * tells that no account has it.
 */
async function checkPassword(
  deps: PasswordCheckDeps,
  { user, address, password }: { user: UserRow | null; address: string; password: string },
): Promise<{ valid: boolean; failures: RateCounter }> {
  const { rateLimiter } = deps;
  const failures = rateLimiter.counter('passwordFailuresPerAccount', failureSubject(user, address));
  const { count } = await failures.hit();
  const { limit } = rateLimiter.settings.passwordFailuresPerAccount;
  if (count > limit) throw accountLocked();
  // An account without a password (DESIGN 13) refuses every one, at the time a wrong one takes.
  let valid = false;
  if (user?.password_hash) valid = await verifyPassword(user.password_hash, password);
  else await verifyDummyPassword(password);
  if (!valid && count === limit && user)
    deps.mailer.dispatch(accountLockedMail(deps.config, { to: user.email }));
  return { valid, failures };
}

/** A right password whose count of failures in a row is held until every step of the sign-in has passed. */
export interface HeldCredentials {
  account: Account;
  /** Starts the account's count of failures in a row again: call it once the last step has passed. */
  clearFailures(): Promise<void>;
}

interface CredentialsCheck {
  email: string;
  password: string;
  ip: string | null;
  failedEvent: AuditEventName;
  /** Re-hash a password whose hash was made with older parameters (the password is at hand only now). */
  rehash?: boolean;
}

/**
 * The credential check: the one place besides the repositories that sees a password hash. The account of
 * this e-mail and password, its count of failures in a row started again, or null after recording
 * `failedEvent`.
 */
export async function checkCredentials(
  deps: PasswordCheckDeps,
  check: CredentialsCheck,
): Promise<Account | null> {
  const held = await checkCredentialsHoldingCount(deps, check);
  if (!held) return null;
  await held.clearFailures();
  return held.account;
}

/**
 * The credential check of a sign-in, which may have a second step still to pass: the count of failures in
 * a row stays as it is until `clearFailures`, so right passwords between wrong codes cannot keep the
 * 100-failure stop away. The count's key is made once for both.
 */
export async function checkCredentialsHoldingCount(
  deps: PasswordCheckDeps,
  { email, password, ip, failedEvent, rehash = false }: CredentialsCheck,
): Promise<HeldCredentials | null> {
  const { db, audit } = deps;
  const address = normaliseEmail(email);
  const user = await credentialsByEmail(db, address);
  const { valid, failures } = await checkPassword(deps, { user, address, password });
  if (user && valid) {
    if (rehash && user.password_hash && needsRehash(user.password_hash)) {
      const passwordHash = await hashPassword(password);
      // Only over the hash just checked: a password changed while this one was hashed stays changed.
      await replaceOutdatedHash(db, {
        id: user.id,
        previousHash: user.password_hash,
        passwordHash,
        at: new Date().toISOString(),
      });
    }
    return { account: toAccount(user), clearFailures: failures.reset };
  }
  await audit.record(db, {
    event: failedEvent,
    subject: user ? { userId: user.id } : { email: address },
    ip,
  });
  return null;
}

/** Whether this is the password of a signed-in account (false too when the account is gone). */
export async function isPasswordOf(
  deps: PasswordCheckDeps,
  account: Account,
  password: string,
): Promise<boolean> {
  const found = await credentialsByEmail(deps.db, account.email);
  // The account as it is now: gone, or its address given to another since the request began, is no match.
  const user = found?.id === account.id ? found : null;
  const { valid, failures } = await checkPassword(deps, { user, address: account.email, password });
  if (valid) await failures.reset();
  return valid;
}
