import { describe, expect, it } from 'vitest';
import type { TwoFactorRequired } from '../../contract/two-factor.js';
import { bearer, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  challengeOf,
  codeStep,
  confirmWithPassword,
  enableWith,
  freezeClock,
  INVALID_CODE,
  MID_STEP,
  newUser,
  passwordStep,
  postJson,
  setUp,
  totpCode,
  twoFactorKit,
  twoFactorStatus,
  userWithTwoFactor,
} from '../test/two-factor-kit.js';

const start = twoFactorKit();

const WRONG_PASSWORD = {
  error: 'invalid_credentials',
  message: 'That password is not correct. Please try again.',
};
const RECOVERY_CODE = /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/;

describe.each(testDialects)('two-step sign-in settings on %s', (dialect) => {
  describe('GET /api/v1/two_factor', () => {
    it('says it is off, with no recovery codes, for a new account', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      expect(await twoFactorStatus(app, user)).toEqual({ enabled: false, recovery_codes_left: 0 });
    });

    it('answers 401 without a token', async () => {
      const { app } = await start(dialect);
      const reply = await app.inject({ url: '/api/v1/two_factor' });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().error).toBe('invalid_token');
    });
  });

  describe('POST /api/v1/two_factor/setup', () => {
    it('gives a base32 secret, its otpauth URL and QR code, and keeps the secret only sealed', async () => {
      const { app } = await start(dialect, { env: { APP_NAME: 'Bull Test' } });
      const user = await newUser(app);
      const reply = await confirmWithPassword(app, user, 'setup');
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const { secret, otpauth_url, qr_code } = reply.json();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauth_url).toBe(
        `otpauth://totp/Bull%20Test:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Bull%20Test`,
      );
      expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
      const rows = await app.database.db.selectFrom('two_factor').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.enabled_at).toBeNull();
      expect(JSON.stringify(rows)).not.toContain(secret);
    });

    it('is not on until enabled: the password alone still signs in', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      await setUp(app, user);
      expect(await twoFactorStatus(app, user)).toEqual({ enabled: false, recovery_codes_left: 0 });
      const login = await passwordStep(app, user.email);
      expect(login.statusCode).toBe(200);
      expect(login.json().auth_token).toEqual(expect.any(String));
    });

    it('answers 403 invalid_credentials for a wrong password and keeps nothing', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const reply = await confirmWithPassword(app, user, 'setup', 'not it at all');
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual(WRONG_PASSWORD);
      expect(await app.database.db.selectFrom('two_factor').selectAll().execute()).toEqual([]);
    });

    it('answers 409 two_factor_already_enabled while it is on', async () => {
      const { app } = await start(dialect);
      const { user } = await userWithTwoFactor(app);
      const reply = await confirmWithPassword(app, user, 'setup');
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({
        error: 'two_factor_already_enabled',
        message: 'Two-step sign-in is already on. Turn it off first to set it up again.',
      });
    });

    it('replaces an earlier set-up: a code of the first secret no longer turns it on', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const first = await setUp(app, user);
      const second = await setUp(app, user);
      expect(second.secret).not.toBe(first.secret);
      const stale = await enableWith(app, user, totpCode(first.secret));
      expect(stale.statusCode).toBe(422);
      const fresh = await enableWith(app, user, totpCode(second.secret));
      expect(fresh.statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const { app } = await start(dialect);
      const reply = await postJson(app, '/api/v1/two_factor/setup', { password: STRONG_PASSWORD });
      expect(reply.statusCode).toBe(401);
    });

    it('answers 429 past the per-account limit of these calls', async () => {
      const { app } = await start(dialect, {
        rateLimits: { settings: { twoFactorPerUser: { limit: 2, windowMs: 60_000 } } },
      });
      const user = await newUser(app);
      await setUp(app, user);
      await setUp(app, user);
      const reply = await confirmWithPassword(app, user, 'setup');
      expect(reply.statusCode).toBe(429);
      expect(reply.json().error).toBe('too_many_requests');
    });
  });

  describe('POST /api/v1/two_factor/enable', () => {
    it('turns it on with a code of the secret, gives ten recovery codes once, and mails the account', async () => {
      const { app, smtp } = await start(dialect);
      const user = await newUser(app);
      const { secret } = await setUp(app, user);
      const reply = await enableWith(app, user, totpCode(secret));
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const codes: string[] = reply.json().recovery_codes;
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
      expect(new Set(codes).size).toBe(10);
      expect(await twoFactorStatus(app, user)).toEqual({ enabled: true, recovery_codes_left: 10 });
      // Stored hashed: no code appears in the table.
      const stored = JSON.stringify(
        await app.database.db.selectFrom('two_factor_recovery_codes').selectAll().execute(),
      );
      for (const code of codes) expect(stored).not.toContain(code);
      const mail = await smtp.waitForMail(user.email);
      expect(mail.subject).toBe('Two-step sign-in is on for your BullApp account');
      expect(mail.text).toContain('Two-step sign-in was just turned on');
    });

    it('takes the code of the step before (one step of drift) but not of two steps before', async () => {
      const { app } = await start(dialect);
      freezeClock(MID_STEP);
      const user = await newUser(app);
      const { secret } = await setUp(app, user);
      const tooOld = await enableWith(app, user, totpCode(secret, MID_STEP - 60_000));
      expect(tooOld.statusCode).toBe(422);
      const drifted = await enableWith(app, user, totpCode(secret, MID_STEP - 30_000));
      expect(drifted.statusCode, drifted.body).toBe(200);
    });

    it('answers 422 invalid_code for a wrong code and stays off', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const { secret } = await setUp(app, user);
      const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
      for (const code of [wrong, 'abcdef', '']) {
        const reply = await enableWith(app, user, code);
        expect(reply.statusCode).toBe(422);
        expect(reply.json()).toEqual(INVALID_CODE);
      }
      expect((await twoFactorStatus(app, user)).enabled).toBe(false);
    });

    it('answers 409 before any set-up', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const reply = await enableWith(app, user, '123456');
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({
        error: 'two_factor_not_enabled',
        message: 'Set up two-step sign-in first: confirm your password to get a QR code.',
      });
    });

    it('answers 409 once it is on', async () => {
      const { app } = await start(dialect);
      const { user, secret } = await userWithTwoFactor(app);
      const reply = await enableWith(app, user, totpCode(secret));
      expect(reply.statusCode).toBe(409);
      expect(reply.json().error).toBe('two_factor_already_enabled');
    });

    it('answers 400 without a code', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const reply = await postJson(app, '/api/v1/two_factor/enable', {}, user.auth_token);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe('invalid_request');
    });
  });

  describe('POST /api/v1/two_factor/disable', () => {
    it('turns it off: the password alone signs in, codes and secret are gone, and the account is mailed', async () => {
      const { app, smtp } = await start(dialect);
      const { user } = await userWithTwoFactor(app);
      await smtp.waitForMail(user.email); // the mail that it is on
      const since = smtp.mails.length;
      const reply = await confirmWithPassword(app, user, 'disable');
      expect(reply.statusCode).toBe(204);
      expect(await twoFactorStatus(app, user)).toEqual({ enabled: false, recovery_codes_left: 0 });
      const login = await passwordStep(app, user.email);
      expect(login.json().auth_token).toEqual(expect.any(String));
      const { db } = app.database;
      expect(await db.selectFrom('two_factor').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('two_factor_recovery_codes').selectAll().execute()).toEqual([]);
      const mail = await smtp.waitForMail(user.email, { since });
      expect(mail.subject).toBe('Two-step sign-in is off for your BullApp account');
    });

    it('answers 403 for a wrong password and stays on', async () => {
      const { app } = await start(dialect);
      const { user } = await userWithTwoFactor(app);
      const reply = await confirmWithPassword(app, user, 'disable', 'not it at all');
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual(WRONG_PASSWORD);
      expect((await twoFactorStatus(app, user)).enabled).toBe(true);
    });

    it('answers 204 and changes nothing while it is off: no mail, and a pending set-up is dropped', async () => {
      const { app, smtp } = await start(dialect);
      const user = await newUser(app);
      await setUp(app, user);
      const reply = await confirmWithPassword(app, user, 'disable');
      expect(reply.statusCode).toBe(204);
      expect(await app.database.db.selectFrom('two_factor').selectAll().execute()).toEqual([]);
      await app.ctx.mailer.flush();
      expect(smtp.mails.filter((mail) => mail.to.includes(user.email))).toEqual([]);
    });

    it('ends a sign-in waiting at the code step', async () => {
      const { app } = await start(dialect);
      const { user, secret } = await userWithTwoFactor(app);
      const challenge = await challengeOf(app, user.email);
      await confirmWithPassword(app, user, 'disable');
      const reply = await codeStep(app, challenge, totpCode(secret, Date.now() + 30_000));
      expect(reply.statusCode).toBe(401);
      expect(reply.json().error).toBe('invalid_code');
    });
  });

  describe('POST /api/v1/two_factor/recovery_codes', () => {
    it('gives ten new codes; the old ones stop working, the new ones work, and the account is mailed', async () => {
      const { app, smtp } = await start(dialect);
      const { user, recoveryCodes } = await userWithTwoFactor(app);
      await smtp.waitForMail(user.email); // the mail that it is on
      const since = smtp.mails.length;
      const reply = await confirmWithPassword(app, user, 'recovery_codes');
      expect(reply.statusCode, reply.body).toBe(200);
      const fresh: string[] = reply.json().recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
      const mail = await smtp.waitForMail(user.email, { since });
      expect(mail.subject).toBe('New recovery codes for your BullApp account');
      const old = await codeStep(app, await challengeOf(app, user.email), recoveryCodes[0]!);
      expect(old.statusCode).toBe(401);
      const renewed = await codeStep(app, await challengeOf(app, user.email), fresh[0]!);
      expect(renewed.statusCode, renewed.body).toBe(200);
    });

    it('answers 403 for a wrong password and keeps the old codes', async () => {
      const { app } = await start(dialect);
      const { user, recoveryCodes } = await userWithTwoFactor(app);
      const reply = await confirmWithPassword(app, user, 'recovery_codes', 'nope nope');
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual(WRONG_PASSWORD);
      const login = await codeStep(app, await challengeOf(app, user.email), recoveryCodes[0]!);
      expect(login.statusCode).toBe(200);
    });

    it('answers 409 while two-step sign-in is off', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const reply = await confirmWithPassword(app, user, 'recovery_codes');
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({
        error: 'two_factor_not_enabled',
        message: 'Two-step sign-in is not on for this account.',
      });
    });
  });

  describe('the export', () => {
    it('says two-step sign-in is on, and holds no secret, hash or challenge', async () => {
      const { app } = await start(dialect);
      const { user, secret, recoveryCodes } = await userWithTwoFactor(app);
      await challengeOf(app, user.email);
      const reply = await app.inject({ url: '/api/v1/export', headers: bearer(user.auth_token) });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().two_factor).toEqual({ enabled: true });
      const { db } = app.database;
      const stored = [
        ...(await db.selectFrom('two_factor').select('secret_box').execute()).map((row) => row.secret_box),
        ...(await db.selectFrom('two_factor_recovery_codes').select('code_hash').execute()).map(
          (row) => row.code_hash,
        ),
        ...(await db.selectFrom('two_factor_challenges').select('token_hash').execute()).map(
          (row) => row.token_hash,
        ),
      ];
      expect(stored.length).toBe(12);
      for (const value of [secret, ...recoveryCodes, ...stored]) expect(reply.body).not.toContain(value);
    });
  });

  it('a challenge reply of the password step carries no token and says no-store', async () => {
    const { app } = await start(dialect);
    const { user } = await userWithTwoFactor(app);
    const reply = await passwordStep(app, user.email);
    expect(reply.headers['cache-control']).toBe('no-store');
    const body = reply.json<TwoFactorRequired>();
    expect(Object.keys(body).sort()).toEqual(['challenge', 'methods', 'two_factor_required']);
  });
});
