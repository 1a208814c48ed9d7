import { describe, expect, it } from 'vitest';
import type { ExportReply } from '../../contract/data.js';
import { bearer, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import { appWithMail } from '../test/smtp.js';
import type { FastifyInstance } from 'fastify';

const start = appWithMail({ PUBLIC_URL: 'http://app.test' });

/** What somebody else did with an address that had no account yet: a failed sign-in, a reset request. */
async function strangerTries(app: FastifyInstance, email: string) {
  await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress: '198.51.100.66',
    payload: { session: { email, password: 'somebody else guessing' } },
  });
  await app.inject({
    method: 'POST',
    url: '/api/v2/reset_password',
    remoteAddress: '198.51.100.66',
    payload: { email },
  });
  await app.resetQueue.flush();
}

const exportOf = async (app: FastifyInstance, token: string) => {
  const reply = await app.inject({ url: '/api/v1/export', headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<ExportReply>();
};

describe.each(testDialects)('the audit events of an export on %s', (dialect) => {
  it('leave out what others did with the address before the account signed up with it', async () => {
    const { app } = await start(dialect);
    await strangerTries(app, 'eve@example.com');
    const eve = await signUpUser(app, { email: 'eve@example.com' });
    const data = await exportOf(app, eve.auth_token);
    expect(data.audit_events.map((event) => event.event)).toEqual(['sign_up']);
    expect(JSON.stringify(data)).not.toContain('198.51.100.66');
  });

  it('leave out what others did with an address before the account changed to it, and keep what came after', async () => {
    const { app, smtp } = await start(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await strangerTries(app, 'ada.new@example.com');
    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/email_change',
      headers: bearer(ada.auth_token),
      payload: { email: 'ada.new@example.com', password: STRONG_PASSWORD },
    });
    expect(change.statusCode, change.body).toBe(202);
    const token = /confirm-email\/(\S+)/.exec((await smtp.waitForMail('ada.new@example.com')).text)![1]!;
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/email_change/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // An event keyed by the address once the account has it (an attempt that raced the change) is its own.
    const later = new Date(Date.now() + 1000).toISOString();
    await app.database.db
      .insertInto('audit_events')
      .values({
        at: later,
        event: 'sign_in_failed',
        subject: app.ctx.audit.subjectOf({ email: 'ada.new@example.com' }),
        ip: '192.0.2.44',
      })
      .execute();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: 'ada.new@example.com', password: STRONG_PASSWORD } },
    });
    const data = await exportOf(app, signIn.json<{ auth_token: string }>().auth_token);
    expect(data.audit_events.map((event) => [event.event, event.ip])).toEqual([
      ['sign_up', expect.anything()],
      ['email_change_requested', expect.anything()],
      ['email_changed', expect.anything()],
      // The link came to the new address: it is confirmed (DESIGN 13).
      ['email_verified', expect.anything()],
      ['sign_in_failed', '192.0.2.44'],
      ['sign_in', expect.anything()],
    ]);
    expect(JSON.stringify(data)).not.toContain('198.51.100.66');
  });
});
