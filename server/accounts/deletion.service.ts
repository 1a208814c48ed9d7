import type { DeletionRefusal } from '../../contract/users.js';
import { accountDeletedMail } from '../mail/account-mails.js';
import { removeAccount } from '../users/account-removal.js';
import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import type { AccountLifecycle } from '../users/account-lifecycle.js';
import { checkCredentials } from '../users/credentials.js';

export interface DeletionRequest {
  email: string;
  password: string;
  caller: Pick<Caller, 'ip'>;
  /** The account id of the request's Bearer token, or null: what a feature's veto may ask. */
  signedInAs: () => Promise<number | null>;
}

/**
 * Deletes the account of this e-mail and password, with every row that names it, in one transaction, and
 * answers null; or answers why it kept it: a wrong or unknown pair (same work either way, one reason) or a
 * feature's veto. The address is mailed a confirmation. The features' steps run before anything is deleted:
 * DeletionRefused from one keeps it all.
 */
export async function deleteAccount(
  context: AppContext & { lifecycle: AccountLifecycle },
  { email, password, caller, signedInAs }: DeletionRequest,
): Promise<DeletionRefusal | null> {
  const { db, config, audit, lifecycle } = context;
  const user = await checkCredentials(context, {
    email,
    password,
    ip: caller.ip,
    failedEvent: 'account_deletion_failed',
  });
  if (!user) return 'invalid_credentials';
  const veto = await lifecycle.refusalOf({ userId: user.id, signedInAs });
  if (veto) {
    await audit.record(db, { event: 'account_deletion_failed', subject: { userId: user.id }, ip: caller.ip });
    return veto;
  }
  const deleted = await removeAccount(context, {
    user,
    record: (tx) =>
      audit.record(tx, { event: 'account_deleted', subject: { userId: user.id }, ip: caller.ip }),
    mail: accountDeletedMail(config, { to: user.email }),
  });
  // A racing request deleted it first; that one announces it. To this one, the pair names no account now.
  return deleted ? null : 'invalid_credentials';
}
