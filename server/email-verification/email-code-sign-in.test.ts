import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import type { User } from '../../contract/users.js';
import { bearer, confirmAddress, settleSignUps, signUpUser } from '../test/accounts.js';
import { codeIn, otherThan } from '../test/email-codes-kit.js';
import { testDialects } from '../test/helper.js';
import { captureLogs } from '../test/logs.js';
import { appWithMail, type TestSmtpServer } from '../test/smtp.js';
import { pushedTo } from '../test/subscriptions-kit.js';
import { codeStep, totpCode, userWithTwoFactor } from '../test/two-factor-kit.js';

const start = appWithMail({ PUBLIC_URL: 'http://app.test' });
const WRONG = { error: 'invalid_code', message: 'This code is wrong or has expired.' };
const MINUTE = 60_000;

const askCode = (app: FastifyInstance, email: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/v1/login/email_code', payload: { email }, remoteAddress });
const signInWithCode = (app: FastifyInstance, email: string, code: string) =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { session: { email, code } } });

/** A signed-up account whose address is confirmed: only such accounts get sign-in codes. */
async function confirmedUser(app: FastifyInstance, email = 'ada@example.com'): Promise<User> {
  const user = await signUpUser(app, { email });
  await confirmAddress(app, user);
  await settleSignUps(app);
  return user;
}

/** Asks for a code and reads it from the mail 'Your sign-in code'. */
async function mailedCode(app: FastifyInstance, smtp: TestSmtpServer, email: string) {
  const since = smtp.mails.length;
  expect((await askCode(app, email)).statusCode).toBe(204);
  const mail = await vi.waitFor(
    () => {
      const found = smtp.mails.slice(since).find((m) => m.to === email && m.subject === 'Your sign-in code');
      if (!found) throw new Error(`no sign-in code to ${email} yet`);
      return found;
    },
    { timeout: 5000 },
  );
  return { mail, code: codeIn(mail) };
}

describe.each(testDialects)('sign-in by e-mail code on %s (DESIGN 13)', (dialect) => {
  it('mails a code to a confirmed address and answers the same 204 for unknown and unconfirmed ones', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await confirmedUser(app);
    const bob = await signUpUser(app, { email: 'bob@example.com' });
    await settleSignUps(app);
    const replies = await Promise.all(
      ['ada@example.com', 'bob@example.com', 'nobody@example.com'].map((email) => askCode(app, email)),
    );
    for (const reply of replies) {
      expect(reply.statusCode).toBe(204);
      expect(reply.body).toBe('');
      expect(reply.headers['content-length']).toBe(replies[0]!.headers['content-length']);
    }
    const mail = await smtp.waitForMail(ada.email);
    expect(mail.subject).toBe('Your sign-in code');
    expect(mail.text).toContain('10 minutes');
    expect(mail.text).toContain('Nobody from BullApp will ask you for this code');
    expect(mail.html).toContain(codeIn(mail));
    await app.emailCodeQueue.flush();
    await app.ctx.mailer.flush();
    expect(smtp.mails.map((m) => m.to)).toEqual([ada.email]);
    expect(bob.email_verified).toBe(false);
    const audit = await app.database.db.selectFrom('audit_events').select('event').execute();
    expect(audit.filter((row) => row.event === 'sign_in_code_sent')).toHaveLength(1);
  });

  it('does no database work before the reply, for a known, an unconfirmed or an unknown address', async () => {
    const { app } = await start(dialect);
    await confirmedUser(app);
    await signUpUser(app, { email: 'bob@example.com' });
    await settleSignUps(app);
    const statements: string[] = [];
    app.ctx.db = app.database.db.withPlugin({
      transformQuery: ({ node }) => {
        statements.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const work = async (email: string) => {
      statements.length = 0;
      expect((await askCode(app, email)).statusCode).toBe(204);
      const before = statements.length;
      await app.emailCodeQueue.flush();
      return { before, after: statements.length - before };
    };
    const known = await work('ada@example.com');
    const unconfirmed = await work('bob@example.com');
    const unknown = await work('nobody@example.com');
    expect([known.before, unconfirmed.before, unknown.before]).toEqual([0, 0, 0]);
    // The work was done after the reply: only the confirmed address got a code.
    expect(known.after).toBeGreaterThan(unconfirmed.after);
    expect(unconfirmed.after).toBe(unknown.after);
  });

  it('signs in once with the code: the user JSON, a session of kind email_code, and pages hear it', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await confirmedUser(app);
    const { code } = await mailedCode(app, smtp, ada.email);
    const events = await pushedTo(app, ada.id);
    const reply = await signInWithCode(app, 'Ada@Example.com ', code);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json()).toEqual({
      id: ada.id,
      email: ada.email,
      role: 0,
      created_at: ada.created_at,
      email_verified: true,
      has_password: true,
      auth_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    const token = reply.json<User>().auth_token;
    const devices = await app.inject({ url: '/api/v1/sessions', headers: bearer(token) });
    expect(
      devices
        .json()
        .sessions.map((s: { kind: string }) => s.kind)
        .sort(),
    ).toEqual(['email_code', 'signup']);
    await vi.waitFor(() => expect(events).toContainEqual({ event: 'session_created', kind: 'email_code' }), {
      timeout: 5000,
    });
    // Single use.
    expect((await signInWithCode(app, ada.email, code)).json()).toEqual(WRONG);
    // A mailed code is a fresh proof (DESIGN 7): the new session may add a way in for 5 minutes.
    const options = await app.inject({
      method: 'POST',
      url: '/api/v1/passkeys/registration_options',
      headers: bearer(token),
    });
    expect(options.statusCode, options.body).toBe(200);
  });

  it('answers one 401 invalid_code for a wrong, expired, voided or unknown-address code', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await confirmedUser(app);
    const first = await mailedCode(app, smtp, ada.email);
    const second = await mailedCode(app, smtp, ada.email);
    const refusals = [
      await signInWithCode(app, ada.email, otherThan(second.code)),
      await signInWithCode(app, 'nobody@example.com', second.code),
      ...(first.code === second.code ? [] : [await signInWithCode(app, ada.email, first.code)]),
      await signInWithCode(app, ada.email, 'not a code'),
    ];
    for (const reply of refusals) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(WRONG);
    }
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * MINUTE + 1000 });
    expect((await signInWithCode(app, ada.email, second.code)).json()).toEqual(WRONG);
    vi.useRealTimers();
    expect(ERROR_VARIANTS.wrongEmailCode).toBe(WRONG.message);
  });

  it('allows 5 tries per code', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await confirmedUser(app);
    const { code } = await mailedCode(app, smtp, ada.email);
    for (let i = 0; i < 5; i += 1)
      expect((await signInWithCode(app, ada.email, otherThan(code))).statusCode).toBe(401);
    expect((await signInWithCode(app, ada.email, code)).json()).toEqual(WRONG);
  });

  it('sends no code to an unconfirmed address: nothing signs it in', async () => {
    const { app, smtp } = await start(dialect);
    const bob = await signUpUser(app, { email: 'bob@example.com' });
    await settleSignUps(app);
    expect((await askCode(app, bob.email)).statusCode).toBe(204);
    await app.emailCodeQueue.flush();
    await app.ctx.mailer.flush();
    expect(smtp.mails).toEqual([]);
    expect(await app.database.db.selectFrom('email_codes').select('purpose').execute()).toEqual([
      { purpose: 'verify' },
    ]);
  });

  it('asks for the authenticator code next when two-step sign-in is on', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await confirmedUser(app);
    const { secret } = await userWithTwoFactor(app, ada);
    const { code } = await mailedCode(app, smtp, ada.email);
    const first = await signInWithCode(app, ada.email, code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      two_factor_required: true,
      challenge: expect.any(String),
      methods: ['totp', 'recovery_code'],
    });
    const done = await codeStep(app, first.json().challenge, totpCode(secret, Date.now() + 30_000));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: ada.id, auth_token: expect.any(String) });
    // The devices list names how the sign-in began (a mailed code), and the session counts two factors.
    const session = await app.database.db
      .selectFrom('sessions')
      .select(['kind', 'factors'])
      .where('user_id', '=', ada.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ kind: 'email_code', factors: 2 });
  });

  it('counts every wrong code toward the account’s 100-failure stop, like a wrong password', async () => {
    const { app, smtp } = await start(dialect, {
      rateLimits: { settings: { passwordFailuresPerAccount: { limit: 3, windowMs: 60 * MINUTE } } },
    });
    const ada = await confirmedUser(app);
    const { code } = await mailedCode(app, smtp, ada.email);
    for (let i = 0; i < 3; i += 1)
      expect((await signInWithCode(app, ada.email, otherThan(code))).statusCode).toBe(401);
    // Past the stop no code is looked at, the right one included; the owner was mailed.
    const locked = await signInWithCode(app, ada.email, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'account_locked' });
    const password = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: ada.email, password: 'violet kettle rainfall' } },
    });
    expect(password.json()).toMatchObject({ error: 'account_locked' });
  });

  it('signs in exactly once when 10 requests race with one code', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await confirmedUser(app);
    const { code } = await mailedCode(app, smtp, ada.email);
    const replies = await Promise.all(Array.from({ length: 10 }, () => signInWithCode(app, ada.email, code)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, ...Array(9).fill(401)]);
    const sessions = await app.database.db
      .selectFrom('sessions')
      .select('kind')
      .where('kind', '=', 'email_code')
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('limits requests to 5 an hour per address and 20 per IP', async () => {
    const { app } = await start(dialect);
    for (let i = 0; i < 5; i += 1) expect((await askCode(app, 'ada@example.com')).statusCode).toBe(204);
    const perAddress = await askCode(app, 'ADA@example.com', '198.51.100.1');
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.headers['retry-after']).toMatch(/^\d+$/);
    for (let i = 0; i < 15; i += 1) expect((await askCode(app, `p${i}@example.com`)).statusCode).toBe(204);
    const perIp = await askCode(app, 'fresh@example.com');
    expect(perIp.statusCode).toBe(429);
    expect((await askCode(app, 'fresh@example.com', '198.51.100.2')).statusCode).toBe(204);
  });

  it('keeps the code out of the log', async () => {
    const logs = captureLogs();
    const { app, smtp } = await start(dialect, { logger: logs.logger });
    const ada = await confirmedUser(app);
    const { code } = await mailedCode(app, smtp, ada.email);
    await signInWithCode(app, ada.email, otherThan(code));
    await signInWithCode(app, ada.email, code);
    expect(logs.text()).toContain('/api/v1/login');
    expect(logs.text()).not.toContain(code);
  });
});
