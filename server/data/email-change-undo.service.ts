import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import { emailTaken, invalidEmailUndoToken } from '../http/errors.js';
import { hashToken, looksLikeToken } from '../sessions/session-token.js';
import type { AccountRecovery } from '../users/account-recovery.js';
import { updateEmail } from './email-changes.repository.js';
import { claimUndo, findUsableUndo } from './email-change-undos.repository.js';
import { openAddress } from './sealed-address.js';

/**
 * The link mailed to the old address after a change (DESIGN 7): the account takes that address back and
 * the recovery step ends every session and whatever else was pending, so whoever moved the account away is
 * signed out. The owner then chooses a new password with a reset link to the address now theirs again.
 */
export async function undoEmailChange(
  { db, audit, events, eraseDeleted }: AppContext,
  { token, caller, recovery }: { token: string; caller: Pick<Caller, 'ip'>; recovery: AccountRecovery },
): Promise<void> {
  if (!looksLikeToken(token)) throw invalidEmailUndoToken();
  const now = new Date().toISOString();
  const undo = await findUsableUndo(db, { tokenHash: hashToken(token), now });
  const oldEmail = undo && openAddress(undo.old_email_sealed, token);
  if (!undo || !oldEmail) throw invalidEmailUndoToken();
  const recovered = await db.transaction().execute(async (tx) => {
    if (!(await claimUndo(tx, undo.id))) throw invalidEmailUndoToken();
    // Another account took the address meanwhile: nothing changes, and the link still works (rolled back).
    if (!(await updateEmail(tx, { userId: undo.user_id, email: oldEmail, at: now }))) throw emailTaken();
    const ended = await recovery.endWhatIntrudersLeft(tx, {
      userId: undo.user_id,
      reason: 'email_change_undone',
    });
    await audit.record(tx, {
      event: 'email_change_undone',
      subject: { userId: undo.user_id },
      ip: caller.ip,
    });
    return ended;
  });
  // The address the account is leaving is erased from the database files, as after a change.
  await eraseDeleted();
  await events.signedOut(
    recovered.revoked.map((session) => session.id),
    'email_change_undone',
  );
  await events.emailChanged(undo.user_id);
  await recovered.announce();
}
