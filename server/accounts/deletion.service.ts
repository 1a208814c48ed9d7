import { accountDeletedMail } from '../mail/account-mails.js';
import { deleteUser } from '../users/users.repository.js';
import type { AppContext, Caller } from '../app-context.js';
import { checkCredentials } from '../users/credentials.js';

export interface DeletionRequest {
  email: string;
  password: string;
  caller: Pick<Caller, 'ip'>;
  /** Runs once the pair is right and before anything is deleted; when it throws, nothing is deleted. */
  beforeDelete: (userId: number) => Promise<void>;
  /** Whether the account may go on a right pair (two-step sign-in on: only with its own Bearer token too). */
  mayDelete?: (userId: number) => Promise<boolean>;
}

/**
 * Deletes the account of this e-mail and password, with every row that names it, in one transaction.
 * False for a wrong or unknown pair (same work either way); the address is mailed a confirmation.
 */
export async function deleteAccount(
  context: AppContext,
  { email, password, caller, beforeDelete, mayDelete }: DeletionRequest,
): Promise<boolean> {
  const { db, config, audit, events, mailer, eraseDeleted } = context;
  const user = await checkCredentials(context, {
    email,
    password,
    ip: caller.ip,
    failedEvent: 'account_deletion_failed',
  });
  if (!user) return false;
  if (mayDelete && !(await mayDelete(user.id))) {
    await audit.record(db, { event: 'account_deletion_failed', subject: { userId: user.id }, ip: caller.ip });
    return false;
  }
  await beforeDelete(user.id);
  const deleted = await db.transaction().execute(async (tx) => {
    // The event names the user only by its keyed hash: after this, nothing here holds the e-mail.
    await audit.record(tx, { event: 'account_deleted', subject: { userId: user.id }, ip: caller.ip });
    return deleteUser(tx, user.id);
  });
  // A racing request deleted it first; that one announces it.
  if (!deleted) return false;
  await eraseDeleted();
  await events.accountDeleted(user.id);
  mailer.dispatch(accountDeletedMail(config, { to: user.email }));
  return true;
}
