import type { DeviceSession } from '../../contract/devices.js';
import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import { sessionNotFound } from '../http/errors.js';
import {
  deleteSessionByPublicId,
  listActiveSessions,
  type ListedSession,
} from '../sessions/sessions.repository.js';
import type { Authenticated } from '../sessions/sessions.service.js';
import type { AccountRecovery } from '../users/account-recovery.js';
import { deviceLabel } from '../sessions/device-label.js';
import { signOutEverywhere } from '../users/sign-out-everywhere.js';

/**
 * The signed-in devices of an account, latest use first. Stored last uses move at most once a minute
 * (TOUCH_INTERVAL_MS), so a list costs no write; the caller's own session (none when a support agent looks)
 * is in use right now, and says so, whatever its row still holds.
 */
export async function devicesOf(
  { db }: AppContext,
  { userId, currentSessionId }: { userId: number; currentSessionId: number | null },
): Promise<DeviceSession[]> {
  const listed = await listActiveSessions(db, userId);
  const now = new Date().toISOString();
  const devices = listed.map((stored: ListedSession) => {
    const current = stored.id === currentSessionId;
    return {
      id: stored.public_id,
      kind: stored.kind,
      device: deviceLabel(stored.user_agent),
      created_at: stored.created_at,
      last_used_at: current ? now : stored.last_used_at,
      current,
    };
  });
  // Sorted again: the caller's last use is fresher than the stored one the query sorted by. On a tie the
  // caller's own device comes first; the rest keep the query's order (Array.sort is stable).
  return devices.sort(
    (a, b) => b.last_used_at.localeCompare(a.last_used_at) || Number(b.current) - Number(a.current),
  );
}

/** Signs one device out: its pages hear `signed_out` and close, the user's other pages `session_ended`. */
export async function revokeDevice(
  { db, audit, events }: AppContext,
  { caller, publicId, signedIn }: { caller: Caller; publicId: string; signedIn: Authenticated },
): Promise<void> {
  const userId = signedIn.user.id;
  const revoked = await db.transaction().execute(async (tx) => {
    const deleted = await deleteSessionByPublicId(tx, { userId, publicId });
    if (deleted) await audit.record(tx, { event: 'session_revoked', subject: { userId }, ip: caller.ip });
    return deleted;
  });
  if (!revoked) throw sessionNotFound();
  await events.sessionsRevoked(userId, [revoked], 'device_sign_out');
}

/**
 * 'Sign out of all other devices': a recovery (DESIGN 7), so besides every other session it ends what an
 * intruder could have left pending (QR tokens, e-mail changes …); returns how many devices were signed out.
 */
export function revokeOtherDevices(
  context: AppContext,
  { caller, signedIn, recovery }: { caller: Caller; signedIn: Authenticated; recovery: AccountRecovery },
): Promise<number> {
  const userId = signedIn.user.id;
  return signOutEverywhere(context, recovery, {
    userId,
    reason: 'others_signed_out',
    keepSessionId: signedIn.session.id,
    record: async (tx, ended) => {
      if (ended.length > 0)
        await context.audit.record(tx, { event: 'session_revoked', subject: { userId }, ip: caller.ip });
    },
  });
}
