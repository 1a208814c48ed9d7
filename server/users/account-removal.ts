import type { Db, DbOrTx } from '../db/database.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import type { AccountEvents } from '../push/account-events.js';
import type { Account } from './account.js';
import type { AccountLifecycle } from './account-lifecycle.js';
import { deleteUser } from './users.repository.js';

export interface RemovalDeps {
  db: Db;
  events: AccountEvents;
  mailer: Mailer;
  eraseDeleted: () => Promise<void>;
  lifecycle: AccountLifecycle;
}

/**
 * Deletes an account once it is decided (by its owner, or by a support agent): the features' steps first
 * (PayPal's cancel: DeletionRefused keeps everything), then the audit event and every row that names the
 * user in one transaction, nothing left to read back, its pages told, and the mail. False when a racing
 * request deleted it first (that one announces it).
 */
export async function removeAccount(
  { db, events, mailer, eraseDeleted, lifecycle }: RemovalDeps,
  { user, record, mail }: { user: Account; record: (tx: DbOrTx) => Promise<void>; mail: MailMessage },
): Promise<boolean> {
  await lifecycle.beforeDelete(user.id);
  const deleted = await db.transaction().execute(async (tx) => {
    // The event names the user only by its keyed hash: after this, nothing here holds the e-mail.
    await record(tx);
    return deleteUser(tx, user.id);
  });
  if (!deleted) return false;
  await eraseDeleted();
  await events.accountDeleted(user.id);
  mailer.dispatch(mail);
  return true;
}
