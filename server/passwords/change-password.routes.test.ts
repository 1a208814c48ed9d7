import { describe, expect, it, vi } from 'vitest';
import { testDialects, type TestApp } from '../test/helper.js';
import { appWithMail } from '../test/smtp.js';
import {
  bearer,
  changeWithToken,
  meStatus,
  requestReset,
  resetLinkFor,
  signIn,
  signUpUser,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import { WEAK_PASSWORD_MESSAGES } from '../users/password-rules.js';

const PUBLIC_URL = 'http://bullapp.test:8080';
const INVALID_RESET = {
  error: 'invalid_reset_token',
  message: 'This password reset link is invalid or has expired.',
};

const start = appWithMail({ PUBLIC_URL, APP_NAME: 'Moo & Co', SUPPORT_EMAIL: 'help@moo.test' });

type App = TestApp['app'];

describe.each(testDialects)('PUT /api/v2/change_password with a reset token on %s', (dialect) => {
  it('follows the mailed link: sets the password, ends every session, and mails a notice', async () => {
    const { app, smtp } = await start(dialect);
    const passwordChanged = vi.spyOn(app.ctx.events, 'passwordChanged');
    const signedOut = vi.spyOn(app.ctx.events, 'signedOut');
    const user = await signUpUser(app);
    const other = await signIn(app);
    await requestReset(app, 'ada@example.com');
    const { link, token } = await resetLinkFor(smtp, 'ada@example.com');
    expect(new URL(link).pathname).toBe(`/change-password/${token}`);

    const reply = await changeWithToken(app, token, 'a brand new password');
    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
    expect(await meStatus(app, user.auth_token)).toBe(401);
    expect(await meStatus(app, other.auth_token)).toBe(401);
    expect(signedOut.mock.calls[0]?.[0]).toHaveLength(2);
    expect(passwordChanged).toHaveBeenCalledWith(user.id);
    const notice = await smtp.waitForMail('ada@example.com', { since: 1 });
    expect(notice.subject).toBe('Your Moo & Co password was changed');
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: 'ada@example.com', password: STRONG_PASSWORD } },
    });
    expect(wrong.statusCode).toBe(401);
    await signIn(app, { password: 'a brand new password' });
  });

  it('takes a reset token only once', async () => {
    const { app, smtp } = await start(dialect);
    await signUpUser(app);
    await requestReset(app, 'ada@example.com');
    const { token } = await resetLinkFor(smtp, 'ada@example.com');
    expect((await changeWithToken(app, token, 'a brand new password')).statusCode).toBe(204);
    const again = await changeWithToken(app, token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_RESET);
  });

  it('refuses a token 60 minutes after it was mailed', async () => {
    const { app, smtp } = await start(dialect);
    await signUpUser(app);
    vi.useFakeTimers({ toFake: ['Date'] });
    await requestReset(app, 'ada@example.com');
    const { token } = await resetLinkFor(smtp, 'ada@example.com');
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1);
    expect((await changeWithToken(app, token, 'a brand new password')).json()).toEqual(INVALID_RESET);
  });

  it('voids older links when a new one is asked for', async () => {
    const { app, smtp } = await start(dialect);
    await signUpUser(app);
    await requestReset(app, 'ada@example.com');
    const first = await resetLinkFor(smtp, 'ada@example.com');
    await requestReset(app, 'ada@example.com');
    const second = await resetLinkFor(smtp, 'ada@example.com', 1);
    expect(second.token).not.toBe(first.token);
    expect((await changeWithToken(app, first.token, 'a brand new password')).statusCode).toBe(400);
    expect((await changeWithToken(app, second.token, 'a brand new password')).statusCode).toBe(204);
  });

  it('answers 422 weak_password and leaves the link usable', async () => {
    const { app, smtp } = await start(dialect);
    await signUpUser(app);
    await requestReset(app, 'ada@example.com');
    const { token } = await resetLinkFor(smtp, 'ada@example.com');
    for (const [password, message] of [
      ['short', WEAK_PASSWORD_MESSAGES.tooShort],
      ['iloveyou', WEAK_PASSWORD_MESSAGES.common],
      ['ada@example.com', WEAK_PASSWORD_MESSAGES.sameAsEmail],
    ]) {
      const reply = await changeWithToken(app, token, password!);
      expect(reply.statusCode).toBe(422);
      expect(reply.json()).toEqual({ error: 'weak_password', message });
    }
    expect((await changeWithToken(app, token, 'a brand new password')).statusCode).toBe(204);
  });

  it('answers 400 invalid_reset_token for a made-up or malformed token', async () => {
    const { app } = await start(dialect);
    await signUpUser(app);
    for (const token of ['', 'abc', 'A'.repeat(43), '../../etc/passwd']) {
      const reply = await changeWithToken(app, token, 'a brand new password');
      expect(reply.statusCode, token).toBe(400);
      expect(reply.json()).toEqual(INVALID_RESET);
    }
  });
});

describe.each(testDialects)('PUT /api/v2/change_password with the current password on %s', (dialect) => {
  const change = (app: App, token: string | null, body: object) =>
    app.inject({
      method: 'PUT',
      url: '/api/v2/change_password',
      headers: token ? bearer(token) : {},
      payload: body,
    });

  it('keeps the calling session only, voids reset links, and mails a notice', async () => {
    const { app, smtp } = await start(dialect);
    const signedOut = vi.spyOn(app.ctx.events, 'signedOut');
    const passwordChanged = vi.spyOn(app.ctx.events, 'passwordChanged');
    const caller = await signUpUser(app);
    const other = await signIn(app);
    await requestReset(app, 'ada@example.com');
    const { token: resetToken } = await resetLinkFor(smtp, 'ada@example.com');

    const reply = await change(app, caller.auth_token, {
      current_password: STRONG_PASSWORD,
      password: 'a brand new password',
    });
    expect(reply.statusCode).toBe(204);
    expect(await meStatus(app, caller.auth_token)).toBe(200);
    expect(await meStatus(app, other.auth_token)).toBe(401);
    expect(signedOut.mock.calls[0]?.[0]).toHaveLength(1);
    expect(passwordChanged).toHaveBeenCalledWith(caller.id);
    expect((await changeWithToken(app, resetToken, 'yet another password')).statusCode).toBe(400);
    const notice = await smtp.waitForMail('ada@example.com', { since: 1 });
    expect(notice.subject).toBe('Your Moo & Co password was changed');
    await signIn(app, { password: 'a brand new password' });
  });

  it('answers 403 invalid_credentials for a wrong current password', async () => {
    const { app } = await start(dialect);
    const user = await signUpUser(app);
    const reply = await change(app, user.auth_token, {
      current_password: 'not the password',
      password: 'a brand new password',
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({
      error: 'invalid_credentials',
      message: 'Your current password is not correct.',
    });
    await signIn(app);
  });

  it('answers 422 weak_password for a new password that breaks a rule', async () => {
    const { app } = await start(dialect);
    const user = await signUpUser(app);
    const reply = await change(app, user.auth_token, {
      current_password: STRONG_PASSWORD,
      password: 'football',
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toEqual({ error: 'weak_password', message: WEAK_PASSWORD_MESSAGES.common });
  });

  it('answers 401 invalid_token without a valid Bearer token', async () => {
    const { app } = await start(dialect);
    await signUpUser(app);
    for (const token of [null, 'A'.repeat(43)]) {
      const reply = await change(app, token, {
        current_password: STRONG_PASSWORD,
        password: 'a brand new password',
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().error).toBe('invalid_token');
    }
  });

  it('answers 400 invalid_request for a body of neither form', async () => {
    const { app } = await start(dialect);
    const user = await signUpUser(app);
    for (const payload of [
      {},
      { password: 'a brand new password' },
      { current_password: 1, password: 'x' },
    ]) {
      const reply = await change(app, user.auth_token, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().error).toBe('invalid_request');
    }
  });
});
