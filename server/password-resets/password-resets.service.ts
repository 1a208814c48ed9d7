import { passwordResetMail } from '../mail/account-mails.js';
import type { AccountsContext, Caller } from '../accounts/accounts-context.js';
import { generateToken, hashToken } from '../sessions/session-token.js';
import { normaliseEmail } from '../users/email-address.js';
import { findUserByEmail } from '../users/users.repository.js';
import { deleteUnusedResetsOfUser, insertPasswordReset } from './password-resets.repository.js';

/** DESIGN section 3: a reset link works once, for 60 minutes. */
export const RESET_TTL_MS = 60 * 60_000;

export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/change-password/${token}`;

/**
 * Mails a reset link when the address has an account. The caller always answers 204, and both paths do
 * comparable work (a look-up and one short write transaction; the mail is sent in the background), so
 * neither the reply nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset(
  { db, config, audit, mailer }: AccountsContext,
  { email, caller }: { email: string; caller: Pick<Caller, 'ip'> },
): Promise<void> {
  const address = normaliseEmail(email);
  const user = await findUserByEmail(db, address);
  const token = generateToken();
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    if (user) {
      await deleteUnusedResetsOfUser(tx, user.id);
      await insertPasswordReset(tx, {
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + RESET_TTL_MS).toISOString(),
        used_at: null,
      });
    }
    await audit.record(tx, {
      event: 'password_reset_requested',
      subject: user ? { userId: user.id } : { email: address },
      ip: caller.ip,
    });
  });
  if (user)
    mailer.dispatch(passwordResetMail(config, { to: user.email, link: resetLink(config.publicUrl, token) }));
}
