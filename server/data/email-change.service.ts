import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import {
  emailTaken,
  invalidEmail,
  invalidEmailChangeToken,
  sameEmail,
  wrongCurrentPassword,
} from '../http/errors.js';
import { confirmEmailChangeMail, emailChangeRequestedMail } from '../mail/email-change-mails.js';
import { generateToken, hashToken, looksLikeToken } from '../sessions/session-token.js';
import type { Account } from '../users/account.js';
import { isPasswordOf } from '../users/credentials.js';
import { isValidEmail, normaliseEmail } from '../users/email-address.js';
import { findUserByEmail, findUserById } from '../users/users.repository.js';
import {
  claimEmailChange,
  findUsableEmailChange,
  replaceEmailChange,
  updateEmail,
} from './email-changes.repository.js';

/** DESIGN section 12: the confirmation link works once, for 60 minutes. */
export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;

export const confirmEmailLink = (publicUrl: string, token: string) => `${publicUrl}/confirm-email/${token}`;

/**
 * Asks to move the account to another address: the password confirms it is the owner, a link to the new
 * address proves that address is theirs, and the old address hears of it. Nothing changes until the link
 * is opened.
 */
export async function requestEmailChange(
  context: AppContext,
  {
    user,
    email,
    password,
    caller,
  }: { user: Account; email: string; password: string; caller: Pick<Caller, 'ip'> },
): Promise<void> {
  const { db, config, audit, mailer } = context;
  const address = normaliseEmail(email);
  if (!isValidEmail(address)) throw invalidEmail();
  // The account's one password check: it counts toward the lock-out like every other (decision 076).
  if (!(await isPasswordOf(context, user, password))) {
    await audit.record(db, { event: 'email_change_failed', subject: { userId: user.id }, ip: caller.ip });
    throw wrongCurrentPassword();
  }
  if (address === user.email) throw sameEmail();
  if (await findUserByEmail(db, address)) throw emailTaken();
  const token = generateToken();
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    await replaceEmailChange(tx, {
      user_id: user.id,
      new_email: address,
      token_hash: hashToken(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + EMAIL_CHANGE_TTL_MS).toISOString(),
    });
    await audit.record(tx, { event: 'email_change_requested', subject: { userId: user.id }, ip: caller.ip });
  });
  mailer.dispatch(
    confirmEmailChangeMail(config, { to: address, link: confirmEmailLink(config.publicUrl, token) }),
  );
  mailer.dispatch(emailChangeRequestedMail(config, { to: user.email }));
}

/**
 * The link of the mail: the account takes the new address, its sessions stay, its pages hear
 * `email_changed`, and the old address is erased from the database files.
 */
export async function confirmEmailChange(
  { db, audit, events, eraseDeleted }: AppContext,
  { token, caller }: { token: string; caller: Pick<Caller, 'ip'> },
): Promise<Account> {
  if (!looksLikeToken(token)) throw invalidEmailChangeToken();
  const now = new Date().toISOString();
  const change = await findUsableEmailChange(db, { tokenHash: hashToken(token), now });
  if (!change) throw invalidEmailChangeToken();
  await db.transaction().execute(async (tx) => {
    if (!(await claimEmailChange(tx, change.id))) throw invalidEmailChangeToken();
    if (!(await updateEmail(tx, { userId: change.user_id, email: change.new_email, at: now })))
      throw emailTaken();
    await audit.record(tx, { event: 'email_changed', subject: { userId: change.user_id }, ip: caller.ip });
  });
  await eraseDeleted();
  await events.emailChanged(change.user_id);
  const user = await findUserById(db, change.user_id);
  if (!user) throw invalidEmailChangeToken();
  return user;
}
