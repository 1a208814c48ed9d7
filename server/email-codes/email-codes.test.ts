import { describe, expect, it } from 'vitest';
import { insertTestUser } from '../test/fixtures.js';
import { testDatabases, testDialects } from '../test/helper.js';
import { deleteDeadCodes } from './email-codes.repository.js';
import { hashCode, issueEmailCode, newCode, useEmailCode, useVerifyLink } from './email-codes.js';

const openDatabase = testDatabases();
const MINUTE = 60_000;

describe('a mailed code', () => {
  it('is 6 digits, each of the million equally likely', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});

describe.each(testDialects)('email codes on %s (DESIGN 13)', (dialect) => {
  it('are stored only as hashes, and a right code works once', async () => {
    const { db } = await openDatabase(dialect);
    const { id } = await insertTestUser(db);
    const { code, token, minutes } = await issueEmailCode(db, { userId: id, purpose: 'sign_in' });
    expect(token).toBeNull();
    expect(minutes).toBe(10);
    const rows = await db.selectFrom('email_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.code_hash).toBe(hashCode(code));
    // Typed with a space, as people do.
    expect(
      await useEmailCode(db, {
        userId: id,
        purpose: 'sign_in',
        typed: `${code.slice(0, 3)} ${code.slice(3)}`,
      }),
    ).toBe(true);
    expect(await useEmailCode(db, { userId: id, purpose: 'sign_in', typed: code })).toBe(false);
  });

  it('is refused for another purpose, another account, or no account', async () => {
    const { db } = await openDatabase(dialect);
    const ada = await insertTestUser(db);
    const bob = await insertTestUser(db, { email: 'bob@example.com' });
    const { code } = await issueEmailCode(db, { userId: ada.id, purpose: 'reauth' });
    expect(await useEmailCode(db, { userId: ada.id, purpose: 'sign_in', typed: code })).toBe(false);
    expect(await useEmailCode(db, { userId: bob.id, purpose: 'reauth', typed: code })).toBe(false);
    expect(await useEmailCode(db, { userId: null, purpose: 'reauth', typed: code })).toBe(false);
    expect(await useEmailCode(db, { userId: ada.id, purpose: 'reauth', typed: code })).toBe(true);
  });

  it('allows 5 tries: after 5 wrong codes the right one no longer works', async () => {
    const { db } = await openDatabase(dialect);
    const { id } = await insertTestUser(db);
    const { code } = await issueEmailCode(db, { userId: id, purpose: 'sign_in' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1)
      expect(await useEmailCode(db, { userId: id, purpose: 'sign_in', typed: wrong })).toBe(false);
    // Not six digits is a wrong try too.
    expect(await useEmailCode(db, { userId: id, purpose: 'sign_in', typed: 'abc' })).toBe(false);
    expect(await useEmailCode(db, { userId: id, purpose: 'sign_in', typed: code })).toBe(false);
    expect(await db.selectFrom('email_codes').select('tries').execute()).toEqual([{ tries: 5 }]);
  });

  it('four wrong tries leave the right code working', async () => {
    const { db } = await openDatabase(dialect);
    const { id } = await insertTestUser(db);
    const { code } = await issueEmailCode(db, { userId: id, purpose: 'reauth' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) await useEmailCode(db, { userId: id, purpose: 'reauth', typed: wrong });
    expect(await useEmailCode(db, { userId: id, purpose: 'reauth', typed: code })).toBe(true);
  });

  it('expires: a sign-in code after 10 minutes, a verify code after 15, its link after 24 hours', async () => {
    const { db } = await openDatabase(dialect);
    const { id } = await insertTestUser(db);
    const start = new Date('2026-11-28T10:00:00.000Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    const signIn = await issueEmailCode(db, { userId: id, purpose: 'sign_in', now: start });
    expect(await useEmailCode(db, { userId: id, purpose: 'sign_in', typed: signIn.code, now: at(10) })).toBe(
      false,
    );
    const verify = await issueEmailCode(db, { userId: id, purpose: 'verify', now: start });
    expect(verify.minutes).toBe(15);
    expect(await useEmailCode(db, { userId: id, purpose: 'verify', typed: verify.code, now: at(15) })).toBe(
      false,
    );
    expect(await useVerifyLink(db, { token: verify.token!, now: at(24 * 60) })).toBeNull();
    expect(await useVerifyLink(db, { token: verify.token!, now: at(24 * 60 - 1) })).toBe(id);
    expect(await useVerifyLink(db, { token: verify.token!, now: at(24 * 60 - 1) })).toBeNull();
  });

  it('a verify code within its 15 minutes works; a new code voids the older one and its link', async () => {
    const { db } = await openDatabase(dialect);
    const { id } = await insertTestUser(db);
    const first = await issueEmailCode(db, { userId: id, purpose: 'verify' });
    const second = await issueEmailCode(db, { userId: id, purpose: 'verify' });
    const other = await issueEmailCode(db, { userId: id, purpose: 'sign_in' });
    if (first.code !== second.code)
      expect(await useEmailCode(db, { userId: id, purpose: 'verify', typed: first.code })).toBe(false);
    expect(await useVerifyLink(db, { token: first.token! })).toBeNull();
    expect(await useEmailCode(db, { userId: id, purpose: 'verify', typed: second.code })).toBe(true);
    // The code's row is used: its link with it.
    expect(await useVerifyLink(db, { token: second.token! })).toBeNull();
    // A code of another purpose was not voided.
    expect(await useEmailCode(db, { userId: id, purpose: 'sign_in', typed: other.code })).toBe(true);
    expect(await useVerifyLink(db, { token: 'not a token' })).toBeNull();
  });

  it('works for exactly one of 10 requests racing with the right code', async () => {
    const { db } = await openDatabase(dialect);
    const { id } = await insertTestUser(db);
    const { code } = await issueEmailCode(db, { userId: id, purpose: 'sign_in' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => useEmailCode(db, { userId: id, purpose: 'sign_in', typed: code })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('are swept once used, spent or expired', async () => {
    const { db } = await openDatabase(dialect);
    const { id } = await insertTestUser(db);
    const bob = await insertTestUser(db, { email: 'bob@example.com' });
    const used = await issueEmailCode(db, { userId: id, purpose: 'sign_in' });
    await useEmailCode(db, { userId: id, purpose: 'sign_in', typed: used.code });
    const spent = await issueEmailCode(db, { userId: id, purpose: 'reauth' });
    const wrong = spent.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await useEmailCode(db, { userId: id, purpose: 'reauth', typed: wrong });
    await issueEmailCode(db, { userId: bob.id, purpose: 'sign_in', now: new Date(Date.now() - 11 * MINUTE) });
    await issueEmailCode(db, { userId: id, purpose: 'verify' });
    expect(await deleteDeadCodes(db, new Date().toISOString())).toBe(3);
    expect(await db.selectFrom('email_codes').select('purpose').execute()).toEqual([{ purpose: 'verify' }]);
  });
});
