import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { bearer, meStatus, signIn, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import { appWithMail, type TestSmtpServer } from '../test/smtp.js';
import { pushedTo } from '../test/subscriptions-kit.js';

/** DESIGN section 12: the link lives 60 minutes. Written here, not imported: the test pins the contract. */
const SIXTY_MINUTES = 60 * 60_000;

const start = appWithMail({ PUBLIC_URL: 'http://app.test' });

const askChange = (app: FastifyInstance, token: string, payload: { email: string; password: string }) =>
  app.inject({ method: 'POST', url: '/api/v1/email_change', headers: bearer(token), payload });

const confirm = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/email_change/confirm', payload: { token } });

/** The link of the confirmation mail, as the owner of the new address would click it. */
async function confirmLinkFor(smtp: TestSmtpServer, email: string) {
  const mail = await smtp.waitForMail(email);
  const link = /(http\S+\/confirm-email\/\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return { mail, link: link!, token: link!.split('/').at(-1)! };
}

describe.each(testDialects)('the e-mail change on %s', (dialect) => {
  it('mails a link to the new address and a notice to the old one; the link moves the account, sessions stay', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    const other = await signIn(app, { email: 'ada@example.com' });
    const asked = await askChange(app, ada.auth_token, {
      email: ' Ada.New@Example.com ',
      password: STRONG_PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.body).toBe('');

    const { mail, link, token } = await confirmLinkFor(smtp, 'ada.new@example.com');
    expect(link).toMatch(/^http:\/\/app\.test\/confirm-email\/[A-Za-z0-9_-]{43}$/);
    expect(mail.subject).toBe('Confirm your new BullApp e-mail address');
    expect(mail.text).toContain('60 minutes');
    const notice = await smtp.waitForMail('ada@example.com');
    expect(notice.subject).toBe('A change of your BullApp e-mail address was asked for');
    expect(notice.text).not.toContain(token);
    // Nothing changes before the link is opened.
    const before = await app.inject({ url: '/api/v1/me', headers: bearer(ada.auth_token) });
    expect(before.json()).toMatchObject({ email: 'ada@example.com' });

    const events = await pushedTo(app, ada.id);
    const confirmed = await confirm(app, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      id: ada.id,
      email: 'ada.new@example.com',
      role: 0,
      created_at: ada.created_at,
      // The link came to the new address: it is confirmed (DESIGN 13), and open pages hear it.
      email_verified: true,
      has_password: true,
      subscription: null,
    });
    await vi.waitFor(() => expect(events).toEqual([{ event: 'email_changed' }, { event: 'email_verified' }]));
    expect(await meStatus(app, ada.auth_token)).toBe(200);
    expect(await meStatus(app, other.auth_token)).toBe(200);
    await signIn(app, { email: 'ada.new@example.com' });
    const oldAddress = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: 'ada@example.com', password: STRONG_PASSWORD } },
    });
    expect(oldAddress.statusCode).toBe(401);

    // The link works once.
    const again = await confirm(app, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'invalid_token',
      message:
        'This e-mail confirmation link is invalid or has expired. Ask for a new one on your account page.',
    });
  });

  it('refuses a wrong password with 403, and counts it toward the account’s throttle', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app);
    const wrong = await askChange(app, ada.auth_token, {
      email: 'new@example.com',
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      error: 'invalid_credentials',
      message: 'Your current password is not correct.',
    });
    const limit = app.ctx.rateLimiter.settings.signInPerAccount.limit;
    for (let i = 1; i < limit; i += 1)
      await askChange(app, ada.auth_token, { email: 'new@example.com', password: 'still not it' });
    const throttled = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: 'ada@example.com', password: STRONG_PASSWORD } },
    });
    expect(throttled.statusCode).toBe(429);
    expect(smtp.mails).toEqual([]);
  });

  it('answers 409 for an address another account has, or the account’s own, and 422 for no address', async () => {
    const { app } = await start(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await signUpUser(app, { email: 'bob@example.com' });
    const taken = await askChange(app, ada.auth_token, {
      email: 'BOB@example.com',
      password: STRONG_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'email_taken' });
    const own = await askChange(app, ada.auth_token, { email: 'ada@example.com', password: STRONG_PASSWORD });
    expect(own.json()).toEqual({
      error: 'email_taken',
      message: 'This is already the e-mail address of your account.',
    });
    const bad = await askChange(app, ada.auth_token, { email: 'not an address', password: STRONG_PASSWORD });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ error: 'invalid_email' });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/email_change',
      headers: bearer(ada.auth_token),
      payload: { email: 'x@example.com' },
    });
    expect(missing.statusCode).toBe(400);
    expect(
      (await askChange(app, 'no-such-token', { email: 'x@example.com', password: 'x' })).statusCode,
    ).toBe(401);
  });

  it('answers 409 at the link when another account took the address meanwhile, and changes nothing', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await askChange(app, ada.auth_token, { email: 'wanted@example.com', password: STRONG_PASSWORD });
    const { token } = await confirmLinkFor(smtp, 'wanted@example.com');
    await signUpUser(app, { email: 'wanted@example.com' });
    const late = await confirm(app, token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'email_taken' });
    const me = await app.inject({ url: '/api/v1/me', headers: bearer(ada.auth_token) });
    expect(me.json()).toMatchObject({ email: 'ada@example.com' });
  });

  it('refuses a link after its 60 minutes, an older link once a newer one is asked for, and a made-up one', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await askChange(app, ada.auth_token, { email: 'first@example.com', password: STRONG_PASSWORD });
    const first = await confirmLinkFor(smtp, 'first@example.com');
    await askChange(app, ada.auth_token, { email: 'second@example.com', password: STRONG_PASSWORD });
    const second = await confirmLinkFor(smtp, 'second@example.com');
    expect((await confirm(app, first.token)).statusCode).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SIXTY_MINUTES + 1000 });
    expect((await confirm(app, second.token)).statusCode).toBe(400);
    vi.useRealTimers();
    expect((await confirm(app, 'A'.repeat(43))).statusCode).toBe(400);
    expect((await confirm(app, '../../etc')).json()).toMatchObject({ error: 'invalid_token' });
    const me = await app.inject({ url: '/api/v1/me', headers: bearer(ada.auth_token) });
    expect(me.json()).toMatchObject({ email: 'ada@example.com' });
  });

  it('keeps a link for exactly 60 minutes: it still works a minute before they end', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await askChange(app, ada.auth_token, { email: 'new@example.com', password: STRONG_PASSWORD });
    const { token } = await confirmLinkFor(smtp, 'new@example.com');
    const [row] = await app.database.db
      .selectFrom('email_changes')
      .select(['created_at', 'expires_at'])
      .execute();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(SIXTY_MINUTES);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SIXTY_MINUTES - 60_000 });
    expect((await confirm(app, token)).statusCode).toBe(200);
  });

  it('is recorded in the audit trail, and an expired request is swept', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await askChange(app, ada.auth_token, { email: 'new@example.com', password: STRONG_PASSWORD });
    await confirmLinkFor(smtp, 'new@example.com');
    await askChange(app, ada.auth_token, { email: 'new@example.com', password: 'not my password' });
    const { db } = app.database;
    const events = await db.selectFrom('audit_events').select('event').orderBy('id').execute();
    expect(events.map((row) => row.event)).toEqual([
      'sign_up',
      'email_change_requested',
      'email_change_failed',
    ]);
    expect(await app.housekeeping.sweep(db, new Date(Date.now() + SIXTY_MINUTES + 1000))).toMatchObject({
      email_changes: 1,
    });
    expect(await db.selectFrom('email_changes').selectAll().execute()).toEqual([]);
  });
});
