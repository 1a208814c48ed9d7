import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceSession } from '../../contract/devices.js';
import { bearer, meStatus, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp, type TestDialect } from '../test/helper.js';
import { hashToken } from '../sessions/session-token.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

const NOT_FOUND = {
  error: 'session_not_found',
  message: 'No such session was found for your account. It may have ended already.',
};
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let current: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await current?.close();
  current = undefined;
});

async function start(dialect: TestDialect) {
  current = await buildTestApp({ dialect });
  await current.app.ready();
  return current.app;
}

async function post(app: FastifyInstance, url: string, payload: object, userAgent: string) {
  const reply = await app.inject({ method: 'POST', url, payload, headers: { 'user-agent': userAgent } });
  expect(reply.statusCode, reply.body).toBeLessThan(300);
  return reply.json<{ auth_token: string }>().auth_token;
}

const signUp = (app: FastifyInstance, email: string, userAgent = CHROME_LINUX) =>
  post(app, '/api/v1/users', { user: { email, password: STRONG_PASSWORD } }, userAgent);
const signIn = (app: FastifyInstance, email: string, userAgent: string) =>
  post(app, '/api/v1/login', { session: { email, password: STRONG_PASSWORD } }, userAgent);

async function sessionsOf(app: FastifyInstance, token: string): Promise<DeviceSession[]> {
  const reply = await app.inject({ url: '/api/v1/sessions', headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ sessions: DeviceSession[] }>().sessions;
}

const revoke = (app: FastifyInstance, token: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/v1/sessions/${encodeURIComponent(id)}`, headers: bearer(token) });
const revokeOthers = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/sessions/revoke_others', headers: bearer(token) });

/** A QR sign-in: the code issued to `token`'s page, redeemed by a device with `userAgent`. */
async function signInWithQr(app: FastifyInstance, token: string, userAgent: string) {
  const qr = await app.inject({
    url: `/api/v1/check_chromes_password?password=${encodeURIComponent(STRONG_PASSWORD)}`,
    headers: bearer(token),
  });
  expect(qr.statusCode, qr.body).toBe(200);
  const code = (qr.json<{ link: string }>().link.split('auth_token=')[1] ?? '') as string;
  return post(app, '/api/v1/login', { session: { auth_token: code } }, userAgent);
}

describe.each(testDialects)('Devices on %s', (dialect) => {
  describe('GET /api/v1/sessions', () => {
    it('lists each signed-in device with its kind and label, latest use first, the caller’s own marked', async () => {
      const app = await start(dialect);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-22T08:00:00.000Z') });
      const laptop = await signUp(app, 'ada@example.com', CHROME_LINUX);
      vi.setSystemTime(Date.parse('2026-11-22T08:05:00.000Z'));
      const phone = await signInWithQr(app, laptop, SAFARI_IPHONE);
      vi.setSystemTime(Date.parse('2026-11-22T08:10:00.000Z'));
      const desktop = await signIn(app, 'ada@example.com', FIREFOX_WINDOWS);
      vi.setSystemTime(Date.parse('2026-11-22T08:15:00.000Z'));
      // A QR code issued but not used yet is no device.
      await app.inject({
        url: `/api/v1/check_chromes_password?password=${encodeURIComponent(STRONG_PASSWORD)}`,
        headers: bearer(desktop),
      });
      vi.setSystemTime(Date.parse('2026-11-22T08:20:00.000Z'));

      const sessions = await sessionsOf(app, phone);
      expect(sessions).toEqual([
        {
          id: expect.stringMatching(/^[\w-]{16}$/),
          kind: 'qr',
          device: 'Safari on iPhone',
          created_at: '2026-11-22T08:05:00.000Z',
          // The caller's own session was used just now, by this very call.
          last_used_at: '2026-11-22T08:20:00.000Z',
          current: true,
        },
        {
          id: expect.stringMatching(/^[\w-]{16}$/),
          kind: 'password',
          device: 'Firefox on Windows',
          created_at: '2026-11-22T08:10:00.000Z',
          last_used_at: '2026-11-22T08:15:00.000Z',
          current: false,
        },
        {
          id: expect.stringMatching(/^[\w-]{16}$/),
          kind: 'signup',
          device: 'Chrome on Linux',
          created_at: '2026-11-22T08:00:00.000Z',
          last_used_at: '2026-11-22T08:05:00.000Z',
          current: false,
        },
      ]);
      expect(new Set(sessions.map((s) => s.id)).size).toBe(3);
      // The laptop's call is a use too: now the laptop is the latest, the phone next.
      expect((await sessionsOf(app, laptop)).map((s) => [s.device, s.current])).toEqual([
        ['Chrome on Linux', true],
        ['Safari on iPhone', false],
        ['Firefox on Windows', false],
      ]);
    });

    it('names a session by a public id: never its token or the hash of it', async () => {
      const app = await start(dialect);
      const token = await signUp(app, 'ada@example.com');
      const reply = await app.inject({ url: '/api/v1/sessions', headers: bearer(token) });
      const [session] = reply.json<{ sessions: DeviceSession[] }>().sessions;
      expect(session?.created_at).toMatch(ISO_TIME);
      const row = await app.database.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
      expect(session?.id).toBe(row.public_id);
      for (const secret of [token, hashToken(token), row.token_hash]) {
        expect(reply.body).not.toContain(secret);
        expect(secret).not.toContain(session!.id);
      }
      expect(String(row.id)).not.toBe(session!.id);
    });

    it('keeps the last use fresh without a write on every call: at most one a minute per session', async () => {
      const app = await start(dialect);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-22T08:00:00.000Z') });
      const token = await signUp(app, 'ada@example.com');
      const stored = () => app.database.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
      const before = await stored();
      vi.setSystemTime(Date.parse('2026-11-22T08:00:40.000Z'));
      for (let call = 0; call < 3; call++)
        // The caller's own device is in use now: the reply says so, the row is not written.
        expect((await sessionsOf(app, token))[0]?.last_used_at).toBe('2026-11-22T08:00:40.000Z');
      expect(await stored()).toEqual(before);
      vi.setSystemTime(Date.parse('2026-11-22T08:01:30.000Z'));
      const [listed] = await sessionsOf(app, token);
      expect(listed?.last_used_at).toBe('2026-11-22T08:01:30.000Z');
      expect((await stored()).last_used_at).toBe('2026-11-22T08:01:30.000Z');
    });

    it('lists only the caller’s account', async () => {
      const app = await start(dialect);
      const ada = await signUp(app, 'ada@example.com');
      await signUp(app, 'bob@example.com', FIREFOX_WINDOWS);
      expect((await sessionsOf(app, ada)).map((s) => s.device)).toEqual(['Chrome on Linux']);
    });

    it('answers 401 invalid_token without a valid token', async () => {
      const app = await start(dialect);
      for (const headers of [{}, bearer('x'.repeat(43))]) {
        const reply = await app.inject({ url: '/api/v1/sessions', headers });
        expect(reply.statusCode).toBe(401);
        expect(reply.json().error).toBe('invalid_token');
      }
    });
  });

  describe('DELETE /api/v1/sessions/:id', () => {
    it('signs that device out at once and leaves the others signed in', async () => {
      const app = await start(dialect);
      const laptop = await signUp(app, 'ada@example.com');
      const phone = await signIn(app, 'ada@example.com', SAFARI_IPHONE);
      const desktop = await signIn(app, 'ada@example.com', FIREFOX_WINDOWS);
      const phoneId = (await sessionsOf(app, phone)).find((s) => s.current)!.id;

      const reply = await revoke(app, laptop, phoneId);
      expect(reply.statusCode, reply.body).toBe(204);
      expect(reply.body).toBe('');
      expect(await meStatus(app, phone)).toBe(401);
      expect(await meStatus(app, laptop)).toBe(200);
      expect(await meStatus(app, desktop)).toBe(200);
      expect((await sessionsOf(app, laptop)).map((s) => s.device)).not.toContain('Safari on iPhone');
      const events = await app.database.db.selectFrom('audit_events').select('event').execute();
      expect(events.map((e) => e.event)).toContain('session_revoked');

      // Gone now: a second try finds nothing.
      expect((await revoke(app, laptop, phoneId)).json()).toEqual(NOT_FOUND);
    });

    it('answers 404 session_not_found for another user’s session, and changes nothing', async () => {
      const app = await start(dialect);
      const ada = await signUp(app, 'ada@example.com');
      const bob = await signUp(app, 'bob@example.com', FIREFOX_WINDOWS);
      const bobId = (await sessionsOf(app, bob))[0]!.id;
      const before = await app.database.db.selectFrom('sessions').selectAll().orderBy('id').execute();
      const auditBefore = await app.database.db.selectFrom('audit_events').selectAll().execute();

      const reply = await revoke(app, ada, bobId);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual(NOT_FOUND);
      expect(await app.database.db.selectFrom('sessions').selectAll().orderBy('id').execute()).toEqual(
        before,
      );
      expect(await app.database.db.selectFrom('audit_events').selectAll().execute()).toEqual(auditBefore);
      expect(await meStatus(app, bob)).toBe(200);
    });

    it('answers 404 for an id that names no session: unknown, a row number, a token, a pending QR code', async () => {
      const app = await start(dialect);
      const token = await signUp(app, 'ada@example.com');
      await app.inject({
        url: `/api/v1/check_chromes_password?password=${encodeURIComponent(STRONG_PASSWORD)}`,
        headers: bearer(token),
      });
      const rows = await app.database.db.selectFrom('sessions').selectAll().execute();
      const pending = rows.find((row) => Number(row.pending) === 1)!;
      for (const id of [
        'nope',
        String(rows[0]!.id),
        token,
        hashToken(token).slice(0, 64),
        pending.public_id,
      ]) {
        const reply = await revoke(app, token, id);
        expect(reply.statusCode, id).toBe(404);
        expect(reply.json()).toEqual(NOT_FOUND);
      }
      expect(await app.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(2);
    });

    it('answers 400 for an id longer than any public id, and 401 without a token', async () => {
      const app = await start(dialect);
      const token = await signUp(app, 'ada@example.com');
      expect((await revoke(app, token, 'x'.repeat(65))).statusCode).toBe(400);
      const id = (await sessionsOf(app, token))[0]!.id;
      const reply = await app.inject({ method: 'DELETE', url: `/api/v1/sessions/${id}` });
      expect(reply.statusCode).toBe(401);
      expect(await meStatus(app, token)).toBe(200);
    });
  });

  describe('POST /api/v1/sessions/revoke_others', () => {
    it('ends every other session of the user, spares the caller’s and other users’, and says how many', async () => {
      const app = await start(dialect);
      const laptop = await signUp(app, 'ada@example.com');
      const others = [
        await signIn(app, 'ada@example.com', SAFARI_IPHONE),
        await signInWithQr(app, laptop, FIREFOX_WINDOWS),
      ];
      const bob = await signUp(app, 'bob@example.com');

      const reply = await revokeOthers(app, laptop);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({ revoked: 2 });
      for (const token of others) expect(await meStatus(app, token)).toBe(401);
      expect(await meStatus(app, laptop)).toBe(200);
      expect(await meStatus(app, bob)).toBe(200);
      expect(await sessionsOf(app, laptop)).toEqual([expect.objectContaining({ current: true })]);

      expect((await revokeOthers(app, laptop)).json()).toEqual({ revoked: 0 });
    });

    it('answers 401 without a token', async () => {
      const app = await start(dialect);
      await signUp(app, 'ada@example.com');
      const reply = await app.inject({ method: 'POST', url: '/api/v1/sessions/revoke_others' });
      expect(reply.statusCode).toBe(401);
      expect(await app.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    });
  });
});
