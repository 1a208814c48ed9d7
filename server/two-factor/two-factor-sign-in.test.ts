import { describe, expect, it } from 'vitest';
import { DELETION_REFUSALS, type User } from '../../contract/users.js';
import {
  bearer,
  changeWithToken,
  meStatus,
  requestReset,
  resetLinkFor,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  challengeOf,
  codeStep,
  freezeClock,
  INVALID_CODE,
  MID_STEP,
  newUser,
  passwordStep,
  postJson,
  totpCode,
  twoFactorKit,
  twoFactorStatus,
  userWithTwoFactor,
} from '../test/two-factor-kit.js';

const start = twoFactorKit();

const STEP_EXPIRED = {
  error: 'invalid_code',
  message: 'This sign-in step has expired or had too many tries. Please sign in with your password again.',
};
const STEP = 30_000;

/** A 6-digit code that is not the right one now (nor of the steps either side). */
function wrongCode(secret: string, at: number): string {
  const taken = new Set([-1, 0, 1].map((step) => totpCode(secret, at + step * STEP)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!taken.has(candidate)) return candidate;
  }
}

describe.each(testDialects)('POST /api/v1/login with two-step sign-in on, on %s', (dialect) => {
  it('answers the right password with the code step: a challenge, the methods, and no session', async () => {
    const { app } = await start(dialect);
    const { user } = await userWithTwoFactor(app);
    const sessionsBefore = await app.database.db.selectFrom('sessions').selectAll().execute();
    const reply = await passwordStep(app, user.email);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      two_factor_required: true,
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      methods: ['totp', 'recovery_code'],
    });
    expect(await app.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(
      sessionsBefore.length,
    );
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('answers a wrong password with the usual 401, and no challenge', async () => {
    const { app } = await start(dialect);
    const { user } = await userWithTwoFactor(app);
    const reply = await passwordStep(app, user.email, 'not the password');
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password.' });
    expect(await app.database.db.selectFrom('two_factor_challenges').selectAll().execute()).toEqual([]);
  });

  it('signs in with the challenge and the code of the moment: a user JSON with a working token', async () => {
    const { app } = await start(dialect);
    freezeClock(MID_STEP);
    const { user, secret } = await userWithTwoFactor(app);
    freezeClock(MID_STEP + STEP);
    const challenge = await challengeOf(app, user.email);
    const reply = await codeStep(app, challenge, totpCode(secret));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const signedIn = reply.json<User>();
    expect(signedIn).toMatchObject({ id: user.id, email: user.email, auth_token: expect.any(String) });
    expect(signedIn.auth_token).not.toBe(user.auth_token);
    expect(await meStatus(app, signedIn.auth_token)).toBe(200);
    const session = await app.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.kind).toBe('password');
  });

  it('refuses a code used once already, even on a new challenge, and takes the next step’s code', async () => {
    const { app } = await start(dialect);
    freezeClock(MID_STEP);
    const { user, secret } = await userWithTwoFactor(app);
    freezeClock(MID_STEP + STEP);
    const code = totpCode(secret);
    expect((await codeStep(app, await challengeOf(app, user.email), code)).statusCode).toBe(200);
    const replay = await codeStep(app, await challengeOf(app, user.email), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID_CODE);
    // The code of the step before the one used is older still: refused too, though within the drift.
    freezeClock(MID_STEP + STEP);
    const older = await codeStep(app, await challengeOf(app, user.email), totpCode(secret, MID_STEP));
    expect(older.statusCode).toBe(401);
    freezeClock(MID_STEP + 2 * STEP);
    const next = await codeStep(app, await challengeOf(app, user.email), totpCode(secret));
    expect(next.statusCode, next.body).toBe(200);
  });

  it('lets only one of two sign-ins racing with the same code through', async () => {
    const { app } = await start(dialect);
    freezeClock(MID_STEP);
    const { user, secret } = await userWithTwoFactor(app);
    freezeClock(MID_STEP + STEP);
    const [first, second] = [await challengeOf(app, user.email), await challengeOf(app, user.email)];
    const code = totpCode(secret);
    const replies = await Promise.all([codeStep(app, first, code), codeStep(app, second, code)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 401]);
  });

  it('lets only one of two sign-ins racing with the same recovery code through', async () => {
    const { app } = await start(dialect);
    const { user, recoveryCodes } = await userWithTwoFactor(app);
    const [first, second] = [await challengeOf(app, user.email), await challengeOf(app, user.email)];
    const replies = await Promise.all([
      codeStep(app, first, recoveryCodes[0]!),
      codeStep(app, second, recoveryCodes[0]!),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 401]);
    expect(await twoFactorStatus(app, user)).toEqual({ enabled: true, recovery_codes_left: 9 });
  });

  it('refuses the code used to turn it on', async () => {
    const { app } = await start(dialect);
    freezeClock(MID_STEP);
    const { user, secret } = await userWithTwoFactor(app);
    const reply = await codeStep(app, await challengeOf(app, user.email), totpCode(secret));
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual(INVALID_CODE);
  });

  it('takes a recovery code once, however it is typed, and mails the account how many are left', async () => {
    const { app, smtp } = await start(dialect);
    const { user, recoveryCodes } = await userWithTwoFactor(app);
    await smtp.waitForMail(user.email); // the mail that it is on
    const since = smtp.mails.length;
    const typed = ` ${recoveryCodes[3]!.replace(/-/g, '').toUpperCase()} `;
    const reply = await codeStep(app, await challengeOf(app, user.email), typed);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await meStatus(app, reply.json<User>().auth_token)).toBe(200);
    expect(await twoFactorStatus(app, user)).toEqual({ enabled: true, recovery_codes_left: 9 });
    const mail = await smtp.waitForMail(user.email, { since });
    expect(mail.subject).toBe('A recovery code signed in to your BullApp account');
    expect(mail.text).toContain('9 codes are left');
    const again = await codeStep(app, await challengeOf(app, user.email), recoveryCodes[3]!);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID_CODE);
  });

  it('refuses a recovery code of another account', async () => {
    const { app } = await start(dialect);
    const ada = await userWithTwoFactor(app);
    const bob = await userWithTwoFactor(app);
    const reply = await codeStep(app, await challengeOf(app, ada.user.email), bob.recoveryCodes[0]!);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual(INVALID_CODE);
  });

  it('takes a challenge once: after a sign-in it is spent', async () => {
    const { app } = await start(dialect);
    const { user, recoveryCodes } = await userWithTwoFactor(app);
    const challenge = await challengeOf(app, user.email);
    expect((await codeStep(app, challenge, recoveryCodes[0]!)).statusCode).toBe(200);
    const reused = await codeStep(app, challenge, recoveryCodes[1]!);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(STEP_EXPIRED);
  });

  it('allows 5 tries: the fifth wrong code ends the challenge, and then even the right code is refused', async () => {
    const { app } = await start(dialect);
    freezeClock(MID_STEP);
    const { user, secret } = await userWithTwoFactor(app);
    freezeClock(MID_STEP + STEP);
    const challenge = await challengeOf(app, user.email);
    const wrong = wrongCode(secret, Date.now());
    for (let tries = 1; tries <= 4; tries += 1) {
      const reply = await codeStep(app, challenge, wrong);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(INVALID_CODE);
    }
    const fifth = await codeStep(app, challenge, wrong);
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toEqual(STEP_EXPIRED);
    const right = await codeStep(app, challenge, totpCode(secret));
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(STEP_EXPIRED);
    // A new password step starts again.
    expect((await codeStep(app, await challengeOf(app, user.email), totpCode(secret))).statusCode).toBe(200);
  });

  it('lets a challenge live 5 minutes', async () => {
    const { app } = await start(dialect);
    freezeClock(MID_STEP);
    const { user, secret } = await userWithTwoFactor(app);
    const challenge = await challengeOf(app, user.email);
    freezeClock(MID_STEP + 5 * 60_000 + 1000);
    const reply = await codeStep(app, challenge, totpCode(secret));
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual(STEP_EXPIRED);
  });

  it('leaves expired challenges to the hourly sweep, which deletes them and keeps live ones', async () => {
    const { app } = await start(dialect);
    const { user } = await userWithTwoFactor(app);
    await challengeOf(app, user.email);
    const { db } = app.database;
    expect((await app.housekeeping.sweep(db))['two-factor challenges']).toBe(0);
    const later = new Date(Date.now() + 5 * 60_000 + 1000);
    expect((await app.housekeeping.sweep(db, later))['two-factor challenges']).toBe(1);
    expect(await db.selectFrom('two_factor_challenges').selectAll().execute()).toEqual([]);
  });

  it('refuses a made-up challenge', async () => {
    const { app } = await start(dialect);
    for (const challenge of ['x'.repeat(43), 'short', '']) {
      const reply = await codeStep(app, challenge, '123456');
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(STEP_EXPIRED);
    }
  });

  it('counts the code step against the sign-in limit of the address (429)', async () => {
    const { app } = await start(dialect, {
      rateLimits: { settings: { signInPerIp: { limit: 2, windowMs: 60_000 } } },
    });
    const { user, recoveryCodes } = await userWithTwoFactor(app);
    const challenge = await challengeOf(app, user.email);
    expect((await codeStep(app, challenge, '000000')).statusCode).toBe(401);
    const limited = await codeStep(app, challenge, recoveryCodes[0]!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
  });

  it('counts the code step against the sign-in limit of the account (429)', async () => {
    const { app } = await start(dialect, {
      rateLimits: { settings: { signInPerAccount: { limit: 2, windowMs: 60_000 } } },
    });
    const { user, recoveryCodes } = await userWithTwoFactor(app);
    const challenge = await challengeOf(app, user.email); // the first hit
    expect((await codeStep(app, challenge, '000000')).statusCode).toBe(401); // the second
    const limited = await codeStep(app, challenge, recoveryCodes[0]!);
    expect(limited.statusCode).toBe(429);
  });

  it('still signs in with a QR token and a stored token, which need no code', async () => {
    const { app } = await start(dialect);
    const { user } = await userWithTwoFactor(app);
    const stored = await postJson(app, '/api/v1/login', { session: { auth_token: user.auth_token } });
    expect(stored.statusCode).toBe(200);
    const qr = await app.inject({
      url: `/api/v1/check_chromes_password?password=${encodeURIComponent(STRONG_PASSWORD)}`,
      headers: bearer(user.auth_token),
    });
    expect(qr.statusCode, qr.body).toBe(200);
    const token = decodeURIComponent(/auth_token=([^&]+)/.exec(qr.json().link)![1]!);
    const redeemed = await postJson(app, '/api/v1/login', { session: { auth_token: token, qr: true } });
    expect(redeemed.statusCode).toBe(200);
  });
});

describe.each(testDialects)('reset links with two-step sign-in on, on %s', (dialect) => {
  it('only set the password of a confirmed address: no session, and sign-in then asks for the code', async () => {
    const { app, smtp } = await start(dialect);
    const { user, recoveryCodes } = await userWithTwoFactor(app);
    await app.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    const pending = await challengeOf(app, user.email);
    await smtp.waitForMail(user.email); // the mail that it is on
    const since = smtp.mails.length;
    await requestReset(app, user.email);
    const { token } = await resetLinkFor(smtp, user.email, since);
    const changed = await changeWithToken(app, token, 'a brand new passphrase');
    expect(changed.statusCode).toBe(204);
    expect(changed.body).toBe('');
    // A code step begun with the old password leads nowhere now.
    const stale = await codeStep(app, pending, recoveryCodes[0]!);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(STEP_EXPIRED);
    const login = await passwordStep(app, user.email, 'a brand new passphrase');
    expect(login.json()).toMatchObject({ two_factor_required: true });
    const done = await codeStep(app, login.json().challenge, recoveryCodes[0]!);
    expect(done.statusCode, done.body).toBe(200);
  });

  // DESIGN 7: whoever set it up held the account while the mailbox was not shown to be theirs.
  it('turn it off when the link confirms an address never confirmed, and the mail says so', async () => {
    const { app, smtp } = await start(dialect);
    const { user } = await userWithTwoFactor(app);
    await smtp.waitForMail(user.email);
    const since = smtp.mails.length;
    await requestReset(app, user.email);
    const { token } = await resetLinkFor(smtp, user.email, since);
    expect((await changeWithToken(app, token, 'a brand new passphrase')).statusCode).toBe(204);
    const changedMail = await smtp.waitForMail(user.email, { since: since + 1 });
    expect(changedMail.subject).toMatch(/password was changed/);
    expect(changedMail.text).toContain('Two-step sign-in was turned off too');
    const login = await passwordStep(app, user.email, 'a brand new passphrase');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ email_verified: true, auth_token: expect.any(String) });
    const { db } = app.database;
    expect(await db.selectFrom('two_factor').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('two_factor_recovery_codes').selectAll().execute()).toEqual([]);
    const events = await db.selectFrom('audit_events').select('event').orderBy('id').execute();
    expect(events.map((e) => e.event).slice(-4)).toEqual([
      'two_factor_disabled',
      'password_changed',
      'email_verified',
      'sign_in',
    ]);
  });
});

describe.each(testDialects)(
  'POST /api/v1/delete_user_with_token with two-step sign-in on, on %s',
  (dialect) => {
    const deletion = (app: Awaited<ReturnType<typeof start>>['app'], email: string, headers = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/delete_user_with_token',
        payload: { email, password: STRONG_PASSWORD },
        headers,
      });

    it('gives a signed-out page the support reply, saying two-step sign-in needs a signed-in page, and keeps the account', async () => {
      const { app } = await start(dialect);
      const { user } = await userWithTwoFactor(app);
      const reply = await deletion(app, user.email);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({
        success: false,
        email: 'support@example.com',
        reason: 'two_factor_required',
        message: DELETION_REFUSALS.two_factor_required,
      });
      expect(await meStatus(app, user.auth_token)).toBe(200);
    });

    it('gives a page signed in to another account the support reply', async () => {
      const { app } = await start(dialect);
      const { user } = await userWithTwoFactor(app);
      const other = await newUser(app);
      const reply = await deletion(app, user.email, bearer(other.auth_token));
      expect(reply.json()).toEqual({
        success: false,
        email: 'support@example.com',
        reason: 'two_factor_required',
        message: DELETION_REFUSALS.two_factor_required,
      });
      expect(await meStatus(app, user.auth_token)).toBe(200);
    });

    it('deletes with a Bearer token of that account, and the two-step rows go with it', async () => {
      const { app } = await start(dialect);
      const { user } = await userWithTwoFactor(app);
      await challengeOf(app, user.email);
      const reply = await deletion(app, user.email, bearer(user.auth_token));
      expect(reply.json()).toEqual({ success: true, email: '' });
      const { db } = app.database;
      expect(await db.selectFrom('two_factor').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('two_factor_recovery_codes').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('two_factor_challenges').selectAll().execute()).toEqual([]);
    });

    it('needs no token while two-step sign-in is off', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      expect((await deletion(app, user.email)).json()).toEqual({ success: true, email: '' });
    });
  },
);
