import { randomText } from '../security/random-text.js';
import type { SessionKind } from '../../contract/cable.js';
import type { TwoFactorRequired } from '../../contract/two-factor.js';
import type { DbOrTx } from '../db/database.js';
import type { SessionRow } from '../db/schema.js';
import type { Account } from '../users/account.js';
import { toSession, type Session } from './session.js';
import type { Db } from '../db/database.js';
import {
  claimPendingSession,
  deleteSession,
  findSessionById,
  findSessionWithUser,
  insertSession,
  type SessionWithUser,
  touchSession,
} from './sessions.repository.js';
import { generateToken, hashToken, looksLikeToken, sameHash } from './session-token.js';

const MINUTE = 60_000;
/** DESIGN section 7: a session ends after 30 days without use. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * MINUTE;
/** DESIGN section 3: a QR token nobody used dies 5 minutes after it was issued. */
export const PENDING_QR_MS = 5 * MINUTE;
/** DESIGN section 7: a session ends a year after it began, however often it is used. */
export const SESSION_LIFETIME_MS = 365 * 24 * 60 * MINUTE;
/** Token sign-in must stay cheap: the last use is written at most once a minute per session. */
export const TOUCH_INTERVAL_MS = MINUTE;

const at = (ms: number) => new Date(ms).toISOString();

// Kept only to name a device; control characters (NUL breaks PostgreSQL text) and excess length go.
// eslint-disable-next-line no-control-regex
const cleanUserAgent = (userAgent: string) => userAgent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 512);

export interface Authenticated {
  user: Account;
  session: Session;
}

export interface NewSessionOptions {
  userId: number;
  kind: SessionKind;
  /** A QR session that no device has used yet. */
  pending?: boolean;
  userAgent?: string | null;
  /** How many factors the sign-in proved: a passkey counts as both (DESIGN 11); 1 unless said. */
  factors?: 1 | 2;
}

/** Issues a token; only its SHA-256 is stored, so the token exists nowhere but in this reply. */
export async function createSession(
  db: DbOrTx,
  {
    userId,
    kind,
    pending = false,
    userAgent = null,
    factors = kind === 'passkey' ? 2 : 1,
  }: NewSessionOptions,
): Promise<{ token: string; session: Session }> {
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
    public_id: randomText(12),
    factors,
  });
  return { token, session: toSession(session) };
}

/** The session row of a live token (its hash is compared here and goes no further), with its account. */
type Found = SessionWithUser;

/** The live session of a token and its account; an expired one is deleted on the way. */
async function findLiveSession(db: DbOrTx, token: string, now: number): Promise<Found | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(token);
  const found = await findSessionWithUser(db, tokenHash);
  // The lookup is by index; the constant-time check makes sure no partial match is ever accepted.
  if (!found || !sameHash(found.session.token_hash, tokenHash)) return null;
  const { nowAt, yearAgoAt } = cutoffsAt(now);
  if (found.session.expires_at <= nowAt || found.session.created_at <= yearAgoAt) {
    await deleteSession(db, found.session.id);
    return null;
  }
  return found;
}

/**
 * What a session's stored times are compared with at `now`, as ISO strings (they sort as the times they
 * spell): its idle deadline with now, its start with a year ago (the end of its lifetime), its last use
 * with a minute ago (a touch is due). Every Bearer call makes these comparisons, and formatting or parsing
 * a date costs more than the call's other work on the session; calls in the same millisecond share one set.
 */
interface Cutoffs {
  now: number;
  nowAt: string;
  yearAgoAt: string;
  touchDueAt: string;
}

let latestCutoffs: Cutoffs | null = null;

function cutoffsAt(now: number): Cutoffs {
  if (latestCutoffs?.now !== now)
    latestCutoffs = {
      now,
      nowAt: at(now),
      yearAgoAt: at(now - SESSION_LIFETIME_MS),
      touchDueAt: at(now - TOUCH_INTERVAL_MS),
    };
  return latestCutoffs;
}

/** When a session ends whatever its use. */
const lifetimeEnd = (session: Pick<SessionRow, 'created_at'>) =>
  Date.parse(session.created_at) + SESSION_LIFETIME_MS;

async function touch(db: DbOrTx, { user, session }: Found, now: number): Promise<Authenticated> {
  if (session.last_used_at > cutoffsAt(now).touchDueAt) return { user, session: toSession(session) };
  const lastUsedAt = at(now);
  // Use moves the idle deadline, but never past the end of the session's year.
  const expiresAt = at(Math.min(now + SESSION_IDLE_MS, lifetimeEnd(session)));
  await touchSession(db, {
    id: session.id,
    previousLastUsedAt: session.last_used_at,
    lastUsedAt,
    expiresAt,
  });
  return { user, session: toSession({ ...session, last_used_at: lastUsedAt, expires_at: expiresAt }) };
}

/** The user and session of a Bearer token, or null for an unknown, expired or still pending token. */
export async function authenticateToken(db: DbOrTx, token: string): Promise<Authenticated | null> {
  const now = Date.now();
  const found = await findLiveSession(db, token, now);
  return !found || found.session.pending ? null : touch(db, found, now);
}

/** A token sign-in: the session it opened, the token the caller now holds, and whether it is new. */
export type TokenSignIn = Authenticated & { token: string; redeemed: boolean };

/** A pending token redeemed by a first factor (a provider's sign-in) whose account asks a second step first. */
export interface SecondStepAsked {
  secondStep: TwoFactorRequired;
  user: Account;
}

export interface TokenSignInOptions {
  userAgent?: string | null;
  qrOnly?: boolean;
  /** For a pending token of a first factor (kind `oidc`): the second step it still needs, or null. */
  secondStepFor?: (user: Account, firstFactor: 'oidc') => Promise<TwoFactorRequired | null>;
}

/**
 * Token sign-in. An active token signs in as itself (unless `qrOnly`); a pending token is redeemed once:
 * its row goes and a new session of its kind (`qr`, named after the redeeming device, or `oidc`) takes its
 * place, so the token in the photographed code or the provider's redirect is dead the moment it is used. A
 * QR code was issued by a signed-in owner who confirmed the password; a provider's token is one factor, so
 * the account's second step is asked before any session starts (DESIGN 14).
 */
export async function signInWithToken(
  db: Db,
  token: string,
  options?: Omit<TokenSignInOptions, 'secondStepFor'>,
): Promise<TokenSignIn | null>;
export async function signInWithToken(
  db: Db,
  token: string,
  options: TokenSignInOptions,
): Promise<TokenSignIn | SecondStepAsked | null>;
export async function signInWithToken(
  db: Db,
  token: string,
  { userAgent = null, qrOnly = false, secondStepFor }: TokenSignInOptions = {},
): Promise<TokenSignIn | SecondStepAsked | null> {
  const now = Date.now();
  const found = await findLiveSession(db, token, now);
  if (!found) return null;
  if (found.session.pending) return redeemPendingToken(db, found, { userAgent, secondStepFor });
  if (qrOnly) return null;
  const { user, session } = await touch(db, found, now);
  return { user, session, token, redeemed: false };
}

async function redeemPendingToken(
  db: Db,
  found: Found,
  { userAgent, secondStepFor }: Pick<TokenSignInOptions, 'userAgent' | 'secondStepFor'>,
): Promise<TokenSignIn | SecondStepAsked | null> {
  const { kind } = found.session;
  if (kind === 'oidc' && secondStepFor) {
    // Two devices racing with one token: only the one whose delete removed the row goes on.
    if (!(await claimPendingSession(db, found.session.id))) return null;
    const secondStep = await secondStepFor(found.user, kind);
    if (secondStep) return { secondStep, user: found.user };
    const created = await createSession(db, { userId: found.user.id, kind, userAgent });
    return { user: found.user, session: created.session, token: created.token, redeemed: true };
  }
  return db.transaction().execute(async (tx) => {
    if (!(await claimPendingSession(tx, found.session.id))) return null;
    const created = await createSession(tx, { userId: found.user.id, kind, userAgent });
    return { user: found.user, session: created.session, token: created.token, redeemed: true };
  });
}

/** When a session ends if nobody uses it again: its idle deadline, or the end of its year if sooner. */
export function sessionDeadline(session: Pick<Session, 'created_at' | 'expires_at'>): number {
  return Math.min(Date.parse(session.expires_at), lifetimeEnd(session));
}

/** A session's deadline as stored now (use may have moved it), or null when it has ended or is gone. */
export async function currentDeadline(db: DbOrTx, sessionId: number): Promise<number | null> {
  const session = await findSessionById(db, sessionId);
  if (!session || session.pending) return null;
  const deadline = sessionDeadline(session);
  return deadline > Date.now() ? deadline : null;
}

/** Logout: the token stops working at once. */
export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await deleteSession(db, sessionId);
}
