import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import type { User } from '../../contract/users.js';
import { bearer, settleSignUps, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { codeIn, otherThan } from '../test/email-codes-kit.js';
import { testDialects } from '../test/helper.js';
import { PUBLIC_URL } from '../test/cable-kit.js';
import { userWithPasskey } from '../test/passkeys-kit.js';
import { appWithMail, type TestSmtpServer } from '../test/smtp.js';
import { totpCode } from '../test/two-factor-kit.js';

const start = appWithMail({ PUBLIC_URL });
const WRONG = { error: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode };
const MINUTE = 60_000;

const post = (app: FastifyInstance, url: string, token: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** POST /api/v1/reauth_code, then the code of its mail. */
async function reauthCode(app: FastifyInstance, smtp: TestSmtpServer, user: User): Promise<string> {
  const since = smtp.mails.length;
  const reply = await post(app, '/api/v1/reauth_code', user.auth_token);
  expect(reply.statusCode, reply.body).toBe(204);
  const mail = await vi.waitFor(
    () => {
      const found = smtp.mails
        .slice(since)
        .find((m) => m.to === user.email && /confirmation code/.test(m.subject));
      if (!found) throw new Error('no confirmation code yet');
      return found;
    },
    { timeout: 5000 },
  );
  return codeIn(mail);
}

/** A session older than its 5 fresh minutes: confirming steps need a proof. */
const later = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * MINUTE });

describe.each(testDialects)('mailed codes for confirming steps on %s (DESIGN 13)', (dialect) => {
  it('POST /api/v1/reauth_code mails a 10-minute code; 5 in 15 minutes, then 429; 401 without a token', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    await settleSignUps(app);
    await reauthCode(app, smtp, ada);
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe('Your BullApp confirmation code');
    expect(mail.text).toContain('10 minutes');
    expect(mail.text).toContain('Nobody from BullApp will ask you for this code');
    for (let i = 1; i < 5; i += 1)
      expect((await post(app, '/api/v1/reauth_code', ada.auth_token)).statusCode).toBe(204);
    expect((await post(app, '/api/v1/reauth_code', ada.auth_token)).statusCode).toBe(429);
    expect((await app.inject({ method: 'POST', url: '/api/v1/reauth_code' })).statusCode).toBe(401);
  });

  it('POST /api/v1/reauthenticate takes {"code"}: the session may then add a way in; a code works once', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    await settleSignUps(app);
    const code = await reauthCode(app, smtp, ada);
    later();
    const options = () => post(app, '/api/v1/passkeys/registration_options', ada.auth_token);
    expect((await options()).json()).toMatchObject({ error: 'reauthentication_required' });
    expect(
      (await post(app, '/api/v1/reauthenticate', ada.auth_token, { code: otherThan(code) })).json(),
    ).toEqual(WRONG);
    expect((await post(app, '/api/v1/reauthenticate', ada.auth_token, { code })).statusCode).toBe(204);
    expect((await options()).statusCode).toBe(200);
    const reused = await post(app, '/api/v1/reauthenticate', ada.auth_token, { code });
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toEqual(WRONG);
    vi.useRealTimers();
  });

  it('two-step set-up, turning it off and new recovery codes each take {"code"}', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    await settleSignUps(app);
    later();
    const setup = await post(app, '/api/v1/two_factor/setup', ada.auth_token, {
      code: await reauthCode(app, smtp, ada),
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const enabled = await post(app, '/api/v1/two_factor/enable', ada.auth_token, {
      code: totpCode(setup.json().secret),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const wrong = await post(app, '/api/v1/two_factor/recovery_codes', ada.auth_token, { code: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(WRONG);
    const codes = await post(app, '/api/v1/two_factor/recovery_codes', ada.auth_token, {
      code: await reauthCode(app, smtp, ada),
    });
    expect(codes.statusCode, codes.body).toBe(200);
    expect(codes.json().recovery_codes).toHaveLength(10);
    const off = await post(app, '/api/v1/two_factor/disable', ada.auth_token, {
      code: await reauthCode(app, smtp, ada),
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(
      (await app.inject({ url: '/api/v1/two_factor', headers: bearer(ada.auth_token) })).json(),
    ).toMatchObject({
      enabled: false,
    });
    vi.useRealTimers();
  });

  it('the e-mail change takes {"email","code"}', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    await settleSignUps(app);
    later();
    const payload = (code: string) => ({ email: 'ada.new@example.com', code });
    const wrong = await post(app, '/api/v1/email_change', ada.auth_token, payload('000000'));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(WRONG);
    const reply = await post(
      app,
      '/api/v1/email_change',
      ada.auth_token,
      payload(await reauthCode(app, smtp, ada)),
    );
    expect(reply.statusCode, reply.body).toBe(202);
    vi.useRealTimers();
  });

  it('the QR code takes ?code=; neither a password nor a code is a 400', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    await settleSignUps(app);
    const qr = (query: string) =>
      app.inject({ url: `/api/v1/check_chromes_password${query}`, headers: bearer(ada.auth_token) });
    expect((await qr('')).json()).toEqual({
      error: 'invalid_request',
      message: ERROR_VARIANTS.missingQrPassword,
    });
    expect((await qr('?code=000000')).json()).toEqual(WRONG);
    const reply = await qr(`?code=${await reauthCode(app, smtp, ada)}`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().link).toMatch(/#auth_token=/);
  });

  it('removing the last passkey needs a fresh session or a proof in the body; another passkey needs none', async () => {
    const { app, smtp } = await start(dialect);
    const { user, passkey } = await userWithPasskey(app);
    const second = await userWithPasskey(app, { user });
    await settleSignUps(app);
    later();
    const remove = (id: string, payload?: object) =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/passkeys/${id}`,
        headers: bearer(user.auth_token),
        ...(payload ? { payload } : {}),
      });
    const other = await remove(second.passkey.id);
    expect(other.statusCode, other.body).toBe(204);
    const bare = await remove(passkey.id);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ error: 'reauthentication_required' });
    expect((await remove(passkey.id, { code: '000000' })).json()).toEqual(WRONG);
    expect((await remove(passkey.id, { password: 'not the password' })).json()).toMatchObject({
      error: 'invalid_credentials',
    });
    expect((await remove(passkey.id, { code: await reauthCode(app, smtp, user) })).statusCode).toBe(204);
    vi.useRealTimers();
  });

  it('a code stands for the current password in PUT /api/v2/change_password', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    await settleSignUps(app);
    const change = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/v2/change_password', headers: bearer(ada.auth_token), payload });
    const code = await reauthCode(app, smtp, ada);
    // A weak password is refused before the code is spent.
    expect((await change({ code, password: 'password' })).statusCode).toBe(422);
    expect((await change({ code: otherThan(code), password: 'a brand new passphrase' })).json()).toEqual(
      WRONG,
    );
    expect((await change({ code, password: 'a brand new passphrase' })).statusCode).toBe(204);
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { session: { email: ada.email, password } },
      });
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login('a brand new passphrase')).statusCode).toBe(200);
  });

  it('sets the first password of an account without one, which can then sign in with it', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    await settleSignUps(app);
    await app.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', ada.id)
      .execute();
    const me = async () => (await app.inject({ url: '/api/v1/me', headers: bearer(ada.auth_token) })).json();
    expect(await me()).toMatchObject({ has_password: false });
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { session: { email: ada.email, password } },
      });
    // No password signs in to it, the old one included.
    expect((await login(STRONG_PASSWORD)).json()).toMatchObject({ error: 'invalid_credentials' });
    const reply = await app.inject({
      method: 'PUT',
      url: '/api/v2/change_password',
      headers: bearer(ada.auth_token),
      payload: { code: await reauthCode(app, smtp, ada), password: 'my very first passphrase' },
    });
    expect(reply.statusCode, reply.body).toBe(204);
    expect(await me()).toMatchObject({ has_password: true });
    // Its sessions stay: nothing was recovered.
    expect((await login('my very first passphrase')).statusCode).toBe(200);
    const mail = await vi.waitFor(
      () => {
        const found = smtp.mails.find((m) => m.subject === 'A password was set for your BullApp account');
        if (!found) throw new Error('no mail that a password was set yet');
        return found;
      },
      { timeout: 5000 },
    );
    expect(mail.text).toContain('you can sign in with it, as well as with a code sent by e-mail');
    const audit = await app.database.db.selectFrom('audit_events').select('event').execute();
    expect(audit.map((row) => row.event)).toContain('first_password_set');
  });
});
