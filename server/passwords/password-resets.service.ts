import { passwordResetMail } from '../mail/account-mails.js';
import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import type { BackgroundQueue } from '../http/background-queue.js';
import { generateToken, hashToken } from '../sessions/session-token.js';
import { normaliseEmail } from '../users/email-address.js';
import { findUserByEmail } from '../users/users.repository.js';
import { deleteUnusedResetsOfUser, insertPasswordReset } from './password-resets.repository.js';

/** DESIGN section 3: a reset link works once, for 60 minutes. */
export const RESET_TTL_MS = 60 * 60_000;

export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/change-password/${token}`;

/**
 * The request path of a reset: the same for every address, known or not. It only queues the work, so the
 * reply (204) and its timing cannot tell whether the address has an account; the look-up, the token and
 * the mail start once `replied` settles, after the reply is written (docs/decisions/077 and 156). Started
 * in a microtask instead, SQLite's synchronous queries ran before the reply and told the two apart.
 */
export async function requestPasswordReset(
  context: AppContext,
  {
    email,
    caller,
    queue,
    replied,
  }: { email: string; caller: Pick<Caller, 'ip'>; queue: BackgroundQueue; replied: Promise<void> },
): Promise<void> {
  queue.run(() => issuePasswordReset(context, { email, caller }), replied);
}

/** Mails a reset link when the address has an account; audits the request either way. */
export async function issuePasswordReset(
  { db, config, audit, mailer }: AppContext,
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
