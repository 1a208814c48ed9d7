import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { hashToken } from './session-token.js';
import {
  authenticateToken,
  createSession,
  PENDING_QR_MS,
  revokeSession,
  SESSION_IDLE_MS,
  signInWithToken,
} from './sessions.service.js';
import { insertTestUser } from '../test/fixtures.js';

let current: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await current?.close();
  current = undefined;
});

async function start(dialect: (typeof testDialects)[number]) {
  current = await buildTestApp({ dialect });
  await current.app.ready();
  const db = current.app.database.db;
  const user = await insertTestUser(db);
  return { db, userId: user.id };
}

const storedSession = (db: Db, id: number) =>
  db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();

describe.each(testDialects)('sessions on %s', (dialect) => {
  it('hand services the account and session without the password hash or token hash', async () => {
    const { db, userId } = await start(dialect);
    const { token, session } = await createSession(db, { userId, kind: 'qr', pending: true });
    expect(session).not.toHaveProperty('token_hash');
    const activated = await signInWithToken(db, token);
    const authenticated = await authenticateToken(db, activated!.token);
    for (const found of [activated, authenticated]) {
      expect(found?.user).toMatchObject({ id: userId, email: 'ada@example.com' });
      expect(found?.user).not.toHaveProperty('password_hash');
      expect(found?.session).not.toHaveProperty('token_hash');
    }
  });

  it('issue a 32-byte base64url token and store only its SHA-256', async () => {
    const { db, userId } = await start(dialect);
    const { token, session } = await createSession(db, { userId, kind: 'password', userAgent: 'Firefox' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await storedSession(db, session.id);
    expect(stored?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(await db.selectFrom('sessions').selectAll().execute())).not.toContain(token);
    expect(stored).toMatchObject({ kind: 'password', user_agent: 'Firefox' });
    expect(Number(stored?.pending)).toBe(0);
    expect(Date.parse(stored!.expires_at) - Date.parse(stored!.created_at)).toBe(SESSION_IDLE_MS);
  });

  it('keep the user agent only to name a device: no control characters, at most 512 characters', async () => {
    const { db, userId } = await start(dialect);
    const { session } = await createSession(db, {
      userId,
      kind: 'password',
      userAgent: `a\u0000b\nc${'x'.repeat(600)}`,
    });
    expect(session.user_agent).toBe(`abc${'x'.repeat(509)}`);
  });

  it('authenticate a live token and refuse unknown, malformed and revoked ones', async () => {
    const { db, userId } = await start(dialect);
    const { token, session } = await createSession(db, { userId, kind: 'signup' });
    const found = await authenticateToken(db, token);
    expect(found?.user).toMatchObject({ id: userId, email: 'ada@example.com' });
    expect(found?.session.id).toBe(session.id);
    expect(await authenticateToken(db, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeNull();
    for (const bad of [
      '',
      'x',
      `${token}x`,
      "' or 1=1 --",
      token.toLowerCase() === token ? 'Q' : token.toLowerCase(),
    ]) {
      expect(await authenticateToken(db, bad), bad).toBeNull();
    }
    await revokeSession(db, session.id);
    expect(await authenticateToken(db, token)).toBeNull();
  });

  it('end a session after 30 days without use, and delete it', async () => {
    const { db, userId } = await start(dialect);
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token, session } = await createSession(db, { userId, kind: 'password' });
    vi.setSystemTime(Date.now() + SESSION_IDLE_MS - 1000);
    expect(await authenticateToken(db, token)).not.toBeNull();
    // Used a moment before the deadline: the deadline moved 30 days on.
    vi.setSystemTime(Date.now() + SESSION_IDLE_MS - 1000);
    expect(await authenticateToken(db, token)).not.toBeNull();
    vi.setSystemTime(Date.now() + SESSION_IDLE_MS + 1000);
    expect(await authenticateToken(db, token)).toBeNull();
    expect(await storedSession(db, session.id)).toBeUndefined();
  });

  it('write the last use at most once a minute', async () => {
    const { db, userId } = await start(dialect);
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token, session } = await createSession(db, { userId, kind: 'password' });
    const created = await storedSession(db, session.id);
    vi.setSystemTime(Date.now() + 30_000);
    await authenticateToken(db, token);
    expect(await storedSession(db, session.id)).toEqual(created);
    vi.setSystemTime(Date.now() + 31_000);
    await authenticateToken(db, token);
    const touched = await storedSession(db, session.id);
    expect(touched?.last_used_at).toBe(new Date().toISOString());
    expect(Date.parse(touched!.expires_at)).toBe(Date.now() + SESSION_IDLE_MS);
  });

  it('write the last use once a whole minute has passed, not a millisecond before', async () => {
    const { db, userId } = await start(dialect);
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token, session } = await createSession(db, { userId, kind: 'password' });
    const created = await storedSession(db, session.id);
    vi.setSystemTime(Date.now() + 59_999);
    await authenticateToken(db, token);
    expect(await storedSession(db, session.id)).toEqual(created);
    vi.setSystemTime(Date.now() + 1);
    await authenticateToken(db, token);
    expect((await storedSession(db, session.id))?.last_used_at).toBe(new Date().toISOString());
  });

  it('keep a pending QR token out of Bearer use; a token sign-in exchanges it once for a new session', async () => {
    const { db, userId } = await start(dialect);
    const { token, session } = await createSession(db, { userId, kind: 'qr', pending: true });
    const stored = await storedSession(db, session.id);
    expect(Date.parse(stored!.expires_at) - Date.parse(stored!.created_at)).toBe(PENDING_QR_MS);
    expect(await authenticateToken(db, token)).toBeNull();
    const signedIn = await signInWithToken(db, token, { userAgent: 'Safari' });
    expect(signedIn).toMatchObject({ redeemed: true, user: { id: userId } });
    expect(signedIn!.token).not.toBe(token);
    expect(Number(signedIn?.session.pending)).toBe(0);
    expect(await storedSession(db, session.id)).toBeUndefined();
    expect(await authenticateToken(db, token)).toBeNull();
    expect(await signInWithToken(db, token)).toBeNull();
    expect(await signInWithToken(db, signedIn!.token)).toMatchObject({ redeemed: false });
    expect(await signInWithToken(db, signedIn!.token, { qrOnly: true })).toBeNull();
    const active = await storedSession(db, signedIn!.session.id);
    expect(active).toMatchObject({ kind: 'qr', user_agent: 'Safari' });
    expect(Date.parse(active!.expires_at) - Date.parse(active!.last_used_at)).toBe(SESSION_IDLE_MS);
  });

  it('let an unused QR token die 5 minutes after issue', async () => {
    const { db, userId } = await start(dialect);
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token } = await createSession(db, { userId, kind: 'qr', pending: true });
    vi.setSystemTime(Date.now() + PENDING_QR_MS + 1);
    expect(await signInWithToken(db, token)).toBeNull();
  });
});
