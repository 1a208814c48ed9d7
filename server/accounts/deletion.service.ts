import { accountDeletedMail } from '../mail/account-mails.js';
import { deleteUser } from '../users/users.repository.js';
import type { AccountsContext, Caller } from './accounts-context.js';
import { checkCredentials } from './credentials.js';

/**
 * Deletes the account of this e-mail and password, with every row that names it, in one transaction.
 * False for a wrong or unknown pair (same work either way); the address is mailed a confirmation.
 */
export async function deleteAccount(
  { db, config, audit, events, mailer }: AccountsContext,
  { email, password, caller }: { email: string; password: string; caller: Pick<Caller, 'ip'> },
): Promise<boolean> {
  const user = await checkCredentials(
    { db, audit },
    { email, password, ip: caller.ip, failedEvent: 'account_deletion_failed' },
  );
  if (!user) return false;
  const deleted = await db.transaction().execute(async (tx) => {
    // The event names the user only by its keyed hash: after this, nothing here holds the e-mail.
    await audit.record(tx, { event: 'account_deleted', subject: { userId: user.id }, ip: caller.ip });
    return deleteUser(tx, user.id);
  });
  // A racing request deleted it first; that one announces it.
  if (!deleted) return false;
  await events.accountDeleted(user.id);
  mailer.dispatch(accountDeletedMail(config, { to: user.email }));
  return true;
}
