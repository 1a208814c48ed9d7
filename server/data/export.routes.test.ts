import { describe, expect, it } from 'vitest';
import type { ExportReply } from '../../contract/data.js';
import { bearer, requestReset, resetLinkFor, signIn, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import { appWithMail } from '../test/smtp.js';
import type { FastifyInstance } from 'fastify';

const start = appWithMail({ PUBLIC_URL: 'http://app.test' });

async function insertSubscription(app: FastifyInstance, userId: number, paypalId: string) {
  const at = new Date().toISOString();
  await app.database.db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      paypal_subscription_id: paypalId,
      plan: 'monthly',
      paypal_plan_id: 'P-MONTHLY',
      status: 'ACTIVE',
      next_billing_at: at,
      last_payment_at: at,
      payment_failed: 0,
      status_changed_at: at,
      access_until: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

const exportOf = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/v1/export', headers: bearer(token) });

describe.each(testDialects)('GET /api/v1/export on %s', (dialect) => {
  it('is every row that names the user, as an attachment no cache keeps, and none of another user', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    const confirmation = await smtp.waitForMail('ada@example.com', { confirmation: true });
    const confirmCode = /\b(\d{6})\b/.exec(confirmation.text)![1]!;
    const confirmToken = /verify-email\/(\S+)/.exec(confirmation.text)![1]!;
    const second = await signIn(app, { email: 'ada@example.com' });
    await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: '203.0.113.9',
      payload: { session: { email: 'ada@example.com', password: 'not the password' } },
    });
    await requestReset(app, 'ada@example.com');
    const { token: resetToken } = await resetLinkFor(smtp, 'ada@example.com');
    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/email_change',
      headers: bearer(ada.auth_token),
      payload: { email: 'ada.new@example.com', password: STRONG_PASSWORD },
    });
    expect(change.statusCode, change.body).toBe(202);
    const changeMail = await smtp.waitForMail('ada.new@example.com');
    const changeToken = /confirm-email\/(\S+)/.exec(changeMail.text)![1]!;
    await insertSubscription(app, ada.id, 'I-ADA0000001');

    const bob = await signUpUser(app, { email: 'bob@example.com' });
    await signIn(app, { email: 'bob@example.com' });
    await insertSubscription(app, bob.id, 'I-BOB0000001');
    await app.inject({
      method: 'POST',
      url: '/api/v1/email_change',
      headers: bearer(bob.auth_token),
      payload: { email: 'bob.new@example.com', password: STRONG_PASSWORD },
    });

    const reply = await exportOf(app, ada.auth_token);
    expect(reply.statusCode, reply.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="bullapp-export-${today}.json"`);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const data = reply.json<ExportReply>();
    expect(Object.keys(data)).toEqual([
      'exported_at',
      'user',
      'sessions',
      'subscriptions',
      'passkeys',
      'two_factor',
      'password_resets',
      'email_changes',
      'email_codes',
      'identities',
      'audit_events',
    ]);
    expect(data.user).toEqual({
      id: ada.id,
      email: 'ada@example.com',
      role: 0,
      created_at: ada.created_at,
      updated_at: expect.any(String),
      password_changed_at: expect.any(String),
      email_verified_at: null,
    });
    expect(data.sessions.map((s) => s.kind)).toEqual(['signup', 'password']);
    const adaSessions = await app.database.db
      .selectFrom('sessions')
      .select('public_id')
      .where('user_id', '=', ada.id)
      .orderBy('id')
      .execute();
    expect(data.sessions.map((s) => s.id)).toEqual(adaSessions.map((row) => row.public_id));
    expect(data.sessions[0]).toEqual({
      id: expect.stringMatching(/^[\w-]{16}$/),
      kind: 'signup',
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      expires_at: expect.any(String),
      user_agent: 'lightMyRequest',
      pending: false,
    });
    expect(data.subscriptions).toEqual([
      expect.objectContaining({
        paypal_subscription_id: 'I-ADA0000001',
        status: 'ACTIVE',
        payment_failed: false,
      }),
    ]);
    expect(data.passkeys).toEqual([]);
    expect(data.two_factor).toEqual({ enabled: false });
    expect(data.password_resets).toEqual([
      { created_at: expect.any(String), expires_at: expect.any(String), used_at: null },
    ]);
    expect(data.email_changes).toEqual([
      { new_email: 'ada.new@example.com', created_at: expect.any(String), expires_at: expect.any(String) },
    ]);
    expect(data.email_codes).toEqual([
      { purpose: 'verify', created_at: expect.any(String), expires_at: expect.any(String), used_at: null },
    ]);
    expect(data.identities).toEqual([]);
    expect(data.audit_events.map((e) => e.event)).toEqual([
      'sign_up',
      'sign_in',
      'sign_in_failed',
      'password_reset_requested',
      'email_change_requested',
    ]);
    expect(data.audit_events[2]).toEqual({
      at: expect.any(String),
      event: 'sign_in_failed',
      ip: '203.0.113.9',
    });

    // No secret, hash or token of anybody, anywhere in the file; nothing of the other user.
    const { db } = app.database;
    const secrets = [
      ada.auth_token,
      second.auth_token,
      bob.auth_token,
      resetToken,
      changeToken,
      confirmCode,
      confirmToken,
      ...(await db.selectFrom('email_codes').select(['code_hash', 'token_hash']).execute()).flatMap((r) => [
        r.code_hash,
        r.token_hash!,
      ]),
      ...(await db.selectFrom('users').select('password_hash').execute()).map((r) => r.password_hash),
      ...(await db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash),
      ...(await db.selectFrom('password_resets').select('token_hash').execute()).map((r) => r.token_hash),
      ...(await db.selectFrom('email_changes').select('token_hash').execute()).map((r) => r.token_hash),
      ...(await db.selectFrom('audit_events').select('subject').execute()).map((r) => r.subject),
      ...(await db.selectFrom('app_secrets').select('value').execute()).map((r) => r.value),
    ];
    expect(secrets.length).toBeGreaterThan(15);
    for (const secret of secrets) expect(reply.body).not.toContain(secret);
    for (const other of ['bob', 'I-BOB0000001']) expect(reply.body).not.toContain(other);
  });

  it('answers 401 without a valid token', async () => {
    const { app } = await start(dialect);
    const reply = await app.inject({ url: '/api/v1/export' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('is rate limited per user, with Retry-After', async () => {
    const { app } = await start(dialect);
    await app.ready();
    const ada = await signUpUser(app);
    const limit = app.ctx.rateLimiter.settings.exportPerUser.limit;
    for (let i = 0; i < limit; i += 1) expect((await exportOf(app, ada.auth_token)).statusCode).toBe(200);
    const refused = await exportOf(app, ada.auth_token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
  });
});
