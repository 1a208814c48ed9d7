import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import { emailTaken, invalidEmail, invalidEmailChangeToken, sameEmail } from '../http/errors.js';
import {
  confirmEmailChangeMail,
  emailChangedMail,
  emailChangeRequestedMail,
} from '../mail/email-change-mails.js';
import { generateToken, hashToken, looksLikeToken } from '../sessions/session-token.js';
import type { Account } from '../users/account.js';
import { isValidEmail, normaliseEmail } from '../users/email-address.js';
import { findUserByEmail, findUserById } from '../users/users.repository.js';
import {
  claimEmailChange,
  findUsableEmailChange,
  replaceEmailChange,
  updateEmail,
} from './email-changes.repository.js';
import { insertEmailChangeUndo } from './email-change-undos.repository.js';
import { sealAddress } from './sealed-address.js';

/** DESIGN section 12: the confirmation link works once, for 60 minutes. */
export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;

export const confirmEmailLink = (publicUrl: string, token: string) => `${publicUrl}/confirm-email/${token}`;

/**
 * Asks to move the account to another address: the route's fresh-authentication guard has checked the
 * password, a link to the new address proves that address is theirs, and the old address hears of it.
 * Nothing changes until the link is opened.
 */
export async function requestEmailChange(
  context: AppContext,
  { user, email, caller }: { user: Account; email: string; caller: Pick<Caller, 'ip'> },
): Promise<void> {
  const { db, config, audit, mailer } = context;
  const address = normaliseEmail(email);
  if (!isValidEmail(address)) throw invalidEmail();
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

/** DESIGN 7: the old address can undo a completed change for 7 days. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60_000;

export const undoEmailLink = (publicUrl: string, token: string) => `${publicUrl}/undo-email-change/${token}`;

/**
 * The link of the mail: the account takes the new address, its sessions stay, its pages hear
 * `email_changed`, and the old address is erased from the database files. The old address gets a link
 * that undoes the change for 7 days; the row keeps that address only sealed with the link's key.
 */
export async function confirmEmailChange(
  { db, audit, events, eraseDeleted, mailer, config }: AppContext,
  { token, caller }: { token: string; caller: Pick<Caller, 'ip'> },
): Promise<Account> {
  if (!looksLikeToken(token)) throw invalidEmailChangeToken();
  const now = new Date().toISOString();
  const change = await findUsableEmailChange(db, { tokenHash: hashToken(token), now });
  if (!change) throw invalidEmailChangeToken();
  const undoToken = generateToken();
  const old = await db.transaction().execute(async (tx) => {
    const before = await findUserById(tx, change.user_id);
    if (!before || !(await claimEmailChange(tx, change.id))) throw invalidEmailChangeToken();
    if (!(await updateEmail(tx, { userId: change.user_id, email: change.new_email, at: now })))
      throw emailTaken();
    await insertEmailChangeUndo(tx, {
      user_id: change.user_id,
      old_email_sealed: sealAddress(before.email, undoToken),
      token_hash: hashToken(undoToken),
      created_at: now,
      expires_at: new Date(Date.parse(now) + EMAIL_UNDO_TTL_MS).toISOString(),
    });
    await audit.record(tx, { event: 'email_changed', subject: { userId: change.user_id }, ip: caller.ip });
    if (before.email_verified_at === null)
      await audit.record(tx, { event: 'email_verified', subject: { userId: change.user_id }, ip: caller.ip });
    return { email: before.email, wasVerified: before.email_verified_at !== null };
  });
  mailer.dispatch(
    emailChangedMail(config, {
      to: old.email,
      newEmail: change.new_email,
      link: undoEmailLink(config.publicUrl, undoToken),
    }),
  );
  await eraseDeleted();
  await events.emailChanged(change.user_id);
  if (!old.wasVerified) await events.emailVerified(change.user_id);
  const user = await findUserById(db, change.user_id);
  if (!user) throw invalidEmailChangeToken();
  return user;
}
