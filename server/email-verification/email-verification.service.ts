import { EMAIL_CODE_MINUTES, VERIFY_LINK_HOURS } from '../../contract/email-codes.js';
import type { TwoFactorRequired } from '../../contract/two-factor.js';
import type { User } from '../../contract/users.js';
import type { AppContext } from '../app-context.js';
import type { AuditEventName } from '../audit/audit.service.js';
import type { DbOrTx } from '../db/database.js';
import { issueEmailCode, useEmailCode } from '../email-codes/email-codes.js';
import type { Caller } from '../http/caller.js';
import { alreadyVerified, invalidVerificationToken, wrongEmailCode } from '../http/errors.js';
import { confirmEmailMail, reauthCodeMail, signInCodeMail } from '../mail/email-code-mails.js';
import { signInTransaction, startSignedInSession } from '../sessions/sign-in-session.js';
import type { SignInMethods } from '../sign-in/sign-in-methods.js';
import type { Account } from '../users/account.js';
import { clearFailures, countSecondStep } from '../users/credentials.js';
import { normaliseEmail } from '../users/email-address.js';
import { toUserJson } from '../users/user-json.js';
import { findUserByEmail, findUserById, markEmailVerified } from '../users/users.repository.js';
import { useVerifyLink } from '../email-codes/email-codes.js';

/** The link of the confirmation mail; the page `/verify-email/:token` makes the confirm call with it. */
export const verifyEmailLink = (publicUrl: string, token: string) => `${publicUrl}/verify-email/${token}`;

/**
 * A new code and link that confirm the account's address (the sign-up's mail, and each one asked for); the
 * older ones stop working.
 */
export async function sendVerification(
  { db, audit, mailer, config }: AppContext,
  {
    account,
    ip,
    event = 'email_verification_sent',
  }: {
    account: Pick<Account, 'id' | 'email'>;
    ip: string | null;
    /** The audit event; null for the sign-up's own mail, which its `sign_up` event stands for. */
    event?: AuditEventName | null;
  },
): Promise<void> {
  const { code, token, minutes } = await issueEmailCode(db, { userId: account.id, purpose: 'verify' });
  if (event) await audit.record(db, { event, subject: { userId: account.id }, ip });
  mailer.dispatch(
    confirmEmailMail(config, {
      to: account.email,
      code,
      minutes,
      link: verifyEmailLink(config.publicUrl, token!),
      hours: VERIFY_LINK_HOURS,
    }),
  );
}

/** The address is confirmed from now: recorded, and open pages hear `email_verified`. False if it already was. */
export async function verify(
  { db, audit, events }: AppContext,
  { userId, ip, tx = db }: { userId: number; ip: string | null; tx?: DbOrTx },
): Promise<boolean> {
  if (!(await markEmailVerified(tx, { id: userId, at: new Date().toISOString() }))) return false;
  await audit.record(tx, { event: 'email_verified', subject: { userId }, ip });
  if (tx === db) await events.emailVerified(userId);
  return true;
}

/** The code of the mail, typed by the signed-in owner: counted like a password (DESIGN 7). */
export async function confirmWithCode(
  context: AppContext,
  { user, code, caller }: { user: Account; code: string; caller: Pick<Caller, 'ip'> },
): Promise<Account> {
  if (user.email_verified_at !== null) throw alreadyVerified();
  const settle = await countSecondStep(context, user);
  const passed = await useEmailCode(context.db, { userId: user.id, purpose: 'verify', typed: code });
  await settle(passed);
  if (!passed) {
    await context.audit.record(context.db, {
      event: 'email_verification_failed',
      subject: { userId: user.id },
      ip: caller.ip,
    });
    throw wrongEmailCode(400);
  }
  await verify(context, { userId: user.id, ip: caller.ip });
  return (await findUserById(context.db, user.id)) ?? user;
}

/** The link of the mail, opened anywhere: no sign-in needed, once, within 24 hours. */
export async function confirmWithLink(
  context: AppContext,
  { token, caller }: { token: string; caller: Pick<Caller, 'ip'> },
): Promise<Account> {
  const userId = await useVerifyLink(context.db, { token });
  if (userId === null) throw invalidVerificationToken();
  await verify(context, { userId, ip: caller.ip });
  const user = await findUserById(context.db, userId);
  if (!user) throw invalidVerificationToken();
  return user;
}

/**
 * POST /api/v1/login/email_code's work, after its reply: a sign-in code for an account whose address is
 * confirmed; nothing for an unknown or unconfirmed one (the reply was the same).
 */
export async function sendSignInCode(
  { db, audit, mailer, config }: AppContext,
  { email, caller }: { email: string; caller: Pick<Caller, 'ip'> },
): Promise<void> {
  const user = await findUserByEmail(db, normaliseEmail(email));
  if (!user || user.email_verified_at === null) return;
  const { code, minutes } = await issueEmailCode(db, { userId: user.id, purpose: 'sign_in' });
  await audit.record(db, { event: 'sign_in_code_sent', subject: { userId: user.id }, ip: caller.ip });
  mailer.dispatch(signInCodeMail(config, { to: user.email, code, minutes }));
}

/**
 * `{"session":{"email","code"}}`: every try counts toward the account's throttle and 100-failure stop before
 * the code is looked at, like a password (DESIGN 7). A wrong, used, expired or voided code and an unknown
 * address get one reply. When two-step sign-in is on, its code step comes next (no session yet).
 */
export async function signInWithEmailCode(
  context: AppContext,
  {
    email,
    code,
    caller,
    secondSteps,
  }: { email: string; code: string; caller: Caller; secondSteps: Pick<SignInMethods, 'secondStepFor'> },
): Promise<User | TwoFactorRequired> {
  const { db, audit, events, rateLimiter } = context;
  const address = normaliseEmail(email);
  const user = await findUserByEmail(db, address);
  if (!user) {
    // An unknown address keeps a count of its own and does the code's work, so the reply tells nothing.
    await rateLimiter.hit('passwordFailuresPerAccount', `email:${address}`);
    await useEmailCode(db, { userId: null, purpose: 'sign_in', typed: code });
    await audit.record(db, { event: 'sign_in_failed', subject: { email: address }, ip: caller.ip });
    throw wrongEmailCode(401);
  }
  const settle = await countSecondStep(context, user);
  const passed = await useEmailCode(db, { userId: user.id, purpose: 'sign_in', typed: code });
  if (!passed) {
    await settle(false);
    await audit.record(db, { event: 'sign_in_failed', subject: { userId: user.id }, ip: caller.ip });
    throw wrongEmailCode(401);
  }
  // The code step of two-step sign-in: the count of failures in a row is cleared once it passes too.
  const challenge = await secondSteps.secondStepFor(user, 'email_code');
  if (challenge) return challenge;
  await settle(true);
  await clearFailures(rateLimiter, user);
  const token = await signInTransaction(
    db,
    () => wrongEmailCode(401),
    async (tx) => {
      // A sign-in by mailed code proves the mailbox (DESIGN 13).
      await verify(context, { userId: user.id, ip: caller.ip, tx });
      return startSignedInSession(tx, audit, { userId: user.id, kind: 'email_code', caller });
    },
  );
  await events.sessionCreated(user.id, 'email_code');
  const signedIn = (await findUserById(db, user.id)) ?? user;
  return toUserJson(signedIn, token);
}

/** POST /api/v1/reauth_code: a code for a confirming step, to the account's address. */
export async function sendReauthCode(
  { db, audit, mailer, config }: AppContext,
  { user, caller }: { user: Account; caller: Pick<Caller, 'ip'> },
): Promise<void> {
  const { code } = await issueEmailCode(db, { userId: user.id, purpose: 'reauth' });
  await audit.record(db, { event: 'reauth_code_sent', subject: { userId: user.id }, ip: caller.ip });
  mailer.dispatch(reauthCodeMail(config, { to: user.email, code, minutes: EMAIL_CODE_MINUTES.reauth }));
}

/** A code from POST /api/v1/reauth_code in place of the password: counted like one (DESIGN 7). */
export async function isReauthCodeOf(context: AppContext, user: Account, code: string): Promise<boolean> {
  const settle = await countSecondStep(context, user);
  const passed = await useEmailCode(context.db, { userId: user.id, purpose: 'reauth', typed: code });
  await settle(passed);
  return passed;
}
