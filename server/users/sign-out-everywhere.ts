import type { Db, DbOrTx } from '../db/database.js';
import type { AccountEvents } from '../push/account-events.js';
import type { EndedSession } from '../sessions/sessions.repository.js';
import type { AccountRecovery, RecoveryReason } from './account-recovery.js';

export interface SignOut {
  userId: number;
  reason: Extract<RecoveryReason, 'others_signed_out' | 'signed_out_by_support'>;
  /** The session that asked and stays signed in ('Sign out of all other devices'); none ends them all. */
  keepSessionId?: number;
  /** Writes the audit event inside the same transaction, knowing what ended. */
  record(tx: DbOrTx, ended: EndedSession[]): Promise<void>;
}

/**
 * Signs an account out of its devices, as a recovery (DESIGN 7): the sessions, pending QR tokens and what
 * the features end with them, in one transaction; then each ended device hears `signed_out` and the
 * account's other pages `session_ended`. Returns how many devices were signed out (a QR token no device
 * used is none). 'Sign out of all other devices' and the support console's sign-out share it.
 */
export async function signOutEverywhere(
  { db, events }: { db: Db; events: AccountEvents },
  recovery: AccountRecovery,
  { userId, reason, keepSessionId, record }: SignOut,
): Promise<number> {
  const recovered = await db.transaction().execute(async (tx) => {
    const ended = await recovery.endWhatIntrudersLeft(tx, { userId, reason, keepSessionId });
    await record(tx, ended.revoked);
    return ended;
  });
  const devices = recovered.revoked.filter((session) => !session.pending);
  await events.sessionsRevoked(
    userId,
    devices,
    reason === 'signed_out_by_support' ? 'support_sign_out' : 'device_sign_out',
  );
  await recovered.announce();
  return devices.length;
}
