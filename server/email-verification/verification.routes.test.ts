import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import {
  bearer,
  changeWithToken,
  requestReset,
  resetLinkFor,
  settleSignUps,
  signUpUser,
} from '../test/accounts.js';
import { confirmationFor, otherThan } from '../test/email-codes-kit.js';
import { testDialects } from '../test/helper.js';
import { captureLogs } from '../test/logs.js';
import { appWithMail } from '../test/smtp.js';
import { pushedTo } from '../test/subscriptions-kit.js';

const start = appWithMail({ PUBLIC_URL: 'http://app.test', SUPPORT_EMAIL: 'help@app.test' });

const confirm = (app: FastifyInstance, payload: object, token?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/email_verification/confirm',
    headers: token ? bearer(token) : {},
    payload,
  });
const resend = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/email_verification', headers: bearer(token) });
const me = async (app: FastifyInstance, token: string) =>
  (await app.inject({ url: '/api/v1/me', headers: bearer(token) })).json();
const WRONG_CODE = { error: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode };
const BAD_LINK = { error: 'invalid_token', message: ERROR_VARIANTS.invalidVerificationToken };
const MINUTE = 60_000;

describe.each(testDialects)('confirming the e-mail address on %s (DESIGN 13)', (dialect) => {
  it('mails the sign-up a code and a link, after the reply; the code confirms it and open pages hear so', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    expect(ada).toMatchObject({ email_verified: false, has_password: true });
    const { mail, code, link } = await confirmationFor(smtp, ada.email);
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(link).toMatch(/^http:\/\/app\.test\/verify-email\/[\w-]{43}$/);
    expect(mail.text).toContain('15 minutes');
    expect(mail.text).toContain('24 hours');
    expect(mail.text).toContain('Nobody from BullApp will ask you for this code');
    expect(mail.text).toContain('help@app.test');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('help@app.test');
    // Only hashes are kept.
    const rows = await app.database.db.selectFrom('email_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(link.split('/').at(-1));

    const events = await pushedTo(app, ada.id);
    const reply = await confirm(app, { code }, ada.auth_token);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json()).toEqual({
      id: ada.id,
      email: ada.email,
      role: 0,
      created_at: ada.created_at,
      email_verified: true,
      has_password: true,
      subscription: null,
    });
    await vi.waitFor(() => expect(events).toEqual([{ event: 'email_verified' }]));
    expect(await me(app, ada.auth_token)).toMatchObject({ email_verified: true });
    // Once confirmed: the same code again, and a new mail, are refused with 409.
    expect((await confirm(app, { code }, ada.auth_token)).json()).toMatchObject({
      error: 'already_verified',
    });
    const again = await resend(app, ada.auth_token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'already_verified',
      message: 'Your e-mail address is already confirmed.',
    });
    const audit = await app.database.db.selectFrom('audit_events').select('event').orderBy('id').execute();
    expect(audit.map((row) => row.event)).toEqual(['sign_up', 'email_verified']);
  });

  it('confirms with the link alone, signed out, once; a used or unknown link gets 400 invalid_token', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    const { token } = await confirmationFor(smtp, ada.email);
    const reply = await confirm(app, { token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ id: ada.id, email_verified: true });
    expect(reply.json()).not.toHaveProperty('auth_token');
    for (const payload of [{ token }, { token: 'x'.repeat(43) }, { token: 'short' }]) {
      const refused = await confirm(app, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(BAD_LINK);
    }
  });

  it('refuses a wrong code with 400 invalid_code, 5 tries in all, and counts each toward the account’s stop', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    const { code, token } = await confirmationFor(smtp, ada.email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await confirm(app, { code: otherThan(code) }, ada.auth_token);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(WRONG_CODE);
    }
    // Spent: the right code no longer works; the link (a token, not a guess) still does.
    expect((await confirm(app, { code }, ada.auth_token)).json()).toEqual(WRONG_CODE);
    const { count } = await app.ctx.rateLimiter.hit('passwordFailuresPerAccount', `account:${ada.id}`);
    expect(count).toBe(7);
    expect((await confirm(app, { token })).statusCode).toBe(200);
    const audit = await app.database.db.selectFrom('audit_events').select('event').orderBy('id').execute();
    expect(audit.filter((row) => row.event === 'email_verification_failed')).toHaveLength(6);
  });

  it('refuses a code after its 15 minutes and a link after its 24 hours', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    const { code, token } = await confirmationFor(smtp, ada.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * MINUTE + 1000 });
    expect((await confirm(app, { code }, ada.auth_token)).json()).toEqual(WRONG_CODE);
    vi.setSystemTime(Date.now() + 24 * 60 * MINUTE);
    expect((await confirm(app, { token })).json()).toEqual(BAD_LINK);
    vi.useRealTimers();
  });

  it('mails a new code and link on request (202); the older ones stop working; 5 an hour, then 429', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    const first = await confirmationFor(smtp, ada.email);
    const reply = await resend(app, ada.auth_token);
    expect(reply.statusCode, reply.body).toBe(202);
    const second = await confirmationFor(smtp, ada.email, 1);
    expect(second.token).not.toBe(first.token);
    expect((await confirm(app, { token: first.token })).json()).toEqual(BAD_LINK);
    if (first.code !== second.code)
      expect((await confirm(app, { code: first.code }, ada.auth_token)).json()).toEqual(WRONG_CODE);
    for (let i = 1; i < 5; i += 1) expect((await resend(app, ada.auth_token)).statusCode).toBe(202);
    const limited = await resend(app, ada.auth_token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await app.inject({ method: 'POST', url: '/api/v1/email_verification' })).statusCode).toBe(401);
    const audit = await app.database.db.selectFrom('audit_events').select('event').execute();
    expect(audit.filter((row) => row.event === 'email_verification_sent')).toHaveLength(5);
  });

  it('answers 401 for a code without a Bearer token, and 400 for a body that is neither form', async () => {
    const { app } = await start(dialect);
    expect((await confirm(app, { code: '123456' })).statusCode).toBe(401);
    for (const payload of [{}, { code: 5 }, { token: null }])
      expect((await confirm(app, payload)).json()).toMatchObject({ error: 'invalid_request' });
  });

  it('is confirmed by a used reset link, which proves the mailbox', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    await requestReset(app, ada.email);
    const { token } = await resetLinkFor(smtp, ada.email);
    expect((await changeWithToken(app, token, 'a brand new passphrase')).statusCode).toBe(204);
    const user = await app.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
    // The confirmation mail's code is no use now.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: ada.email, password: 'a brand new passphrase' } },
    });
    expect(login.json()).toMatchObject({ email_verified: true });
  });

  it('keeps the code and the link’s token out of the log', async () => {
    const logs = captureLogs();
    const { app, smtp } = await start(dialect, { logger: logs.logger });
    const ada = await signUpUser(app);
    const { code, token } = await confirmationFor(smtp, ada.email);
    await settleSignUps(app);
    await app.inject({ url: `/verify-email/${token}` });
    await confirm(app, { code: otherThan(code) }, ada.auth_token);
    await confirm(app, { token });
    expect(logs.text()).toContain('/verify-email/[REDACTED]');
    expect(logs.text()).not.toContain(token);
    expect(logs.text()).not.toContain(code);
  });
});
