import type { SessionKind } from '../../contract/cable.js';
import type { DbOrTx } from '../db/database.js';
import type { SessionRow, UserRow } from '../db/schema.js';
import {
  activatePendingSession,
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './sessions.repository.js';
import { generateToken, hashToken, looksLikeToken, sameHash } from './session-token.js';

const MINUTE = 60_000;
/** DESIGN section 7: a session ends after 30 days without use. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * MINUTE;
/** DESIGN section 3: a QR token nobody used dies 5 minutes after it was issued. */
export const PENDING_QR_MS = 5 * MINUTE;
/** Token sign-in must stay cheap: the last use is written at most once a minute per session. */
export const TOUCH_INTERVAL_MS = MINUTE;

const at = (ms: number) => new Date(ms).toISOString();

// Kept only to name a device; control characters (NUL breaks PostgreSQL text) and excess length go.
// eslint-disable-next-line no-control-regex
const cleanUserAgent = (userAgent: string) => userAgent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 512);

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
}

export interface NewSessionOptions {
  userId: number;
  kind: SessionKind;
  /** A QR session that no device has used yet. */
  pending?: boolean;
  userAgent?: string | null;
}

/** Issues a token; only its SHA-256 is stored, so the token exists nowhere but in this reply. */
export async function createSession(
  db: DbOrTx,
  { userId, kind, pending = false, userAgent = null }: NewSessionOptions,
): Promise<{ token: string; session: SessionRow }> {
  const token = generateToken();
  const now = Date.now();
  const session = await insertSession(db, {
    user_id: userId,
    token_hash: hashToken(token),
    created_at: at(now),
    last_used_at: at(now),
    expires_at: at(now + (pending ? PENDING_QR_MS : SESSION_IDLE_MS)),
    user_agent: userAgent === null ? null : cleanUserAgent(userAgent),
    kind,
    pending: pending ? 1 : 0,
  });
  return { token, session };
}

async function findLiveSession(db: DbOrTx, token: string, now: number): Promise<Authenticated | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(token);
  const found = await findSessionWithUser(db, tokenHash);
  // The lookup is by index; the constant-time check makes sure no partial match is ever accepted.
  if (!found || !sameHash(found.session.token_hash, tokenHash)) return null;
  if (found.session.expires_at <= at(now)) {
    await deleteSession(db, found.session.id);
    return null;
  }
  return found;
}

async function touch(db: DbOrTx, found: Authenticated, now: number): Promise<Authenticated> {
  const { session } = found;
  if (now - Date.parse(session.last_used_at) < TOUCH_INTERVAL_MS) return found;
  const lastUsedAt = at(now);
  const expiresAt = at(now + SESSION_IDLE_MS);
  await touchSession(db, { id: session.id, previousLastUsedAt: session.last_used_at, lastUsedAt, expiresAt });
  return { ...found, session: { ...session, last_used_at: lastUsedAt, expires_at: expiresAt } };
}

/** The user and session of a Bearer token, or null for an unknown, expired or still pending token. */
export async function authenticateToken(db: DbOrTx, token: string): Promise<Authenticated | null> {
  const now = Date.now();
  const found = await findLiveSession(db, token, now);
  if (!found || found.session.pending) return null;
  return touch(db, found, now);
}

/**
 * Token sign-in: like authenticateToken, but a pending QR token is accepted once and becomes an ordinary
 * session. `activated` tells the caller that a new device has just signed in.
 */
export async function signInWithToken(
  db: DbOrTx,
  token: string,
): Promise<(Authenticated & { activated: boolean }) | null> {
  const now = Date.now();
  const found = await findLiveSession(db, token, now);
  if (!found) return null;
  if (!found.session.pending) return { ...(await touch(db, found, now)), activated: false };
  const lastUsedAt = at(now);
  const expiresAt = at(now + SESSION_IDLE_MS);
  const activated = await activatePendingSession(db, { id: found.session.id, lastUsedAt, expiresAt });
  return {
    user: found.user,
    session: { ...found.session, pending: 0, last_used_at: lastUsedAt, expires_at: expiresAt },
    activated,
  };
}

/** Logout: the token stops working at once. */
export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await deleteSession(db, sessionId);
}
