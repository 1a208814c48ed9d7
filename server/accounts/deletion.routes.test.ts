import { describe, expect, it, vi } from 'vitest';
import {
  bearer,
  dumpDatabase,
  meStatus,
  requestReset,
  signIn,
  signUpUser,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import { testDialects, type TestApp } from '../test/helper.js';
import { appWithMail } from '../test/smtp.js';

const start = appWithMail({ APP_NAME: 'Moo & Co', SUPPORT_EMAIL: 'help@moo.test' });

const deleteAccount = (app: TestApp['app'], payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/delete_user_with_token', payload });

describe.each(testDialects)('POST /api/v1/delete_user_with_token on %s', (dialect) => {
  it('deletes the user and every row that names it, ends its pushes, and mails a confirmation', async () => {
    const { app, smtp } = await start(dialect);
    const accountDeleted = vi.spyOn(app.ctx.events, 'accountDeleted');
    const keeper = await signUpUser(app, { email: 'grace@example.com' });
    const user = await signUpUser(app);
    const other = await signIn(app);
    await requestReset(app, 'ada@example.com');
    await smtp.waitForMail('ada@example.com');
    const before = await dumpDatabase(app);
    expect(before.sessions.filter((s) => s.user_id === user.id)).toHaveLength(2);
    expect(before.password_resets).toHaveLength(1);

    const reply = await deleteAccount(app, { email: ' Ada@Example.com', password: STRONG_PASSWORD });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, email: '' });

    const after = await dumpDatabase(app);
    expect(after.users.map((u) => u.id)).toEqual([keeper.id]);
    expect(after.sessions.map((s) => s.user_id)).toEqual([keeper.id]);
    expect(after.password_resets).toEqual([]);
    expect(after.audit_events.map((e) => e.event)).toContain('account_deleted');
    // Audit events stay, but name nobody: their subjects are keyed hashes, never an e-mail.
    expect(JSON.stringify(after)).not.toContain('ada@example.com');
    for (const event of after.audit_events) expect(event.subject).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(accountDeleted).toHaveBeenCalledWith(user.id);
    expect(await meStatus(app, user.auth_token)).toBe(401);
    expect(await meStatus(app, other.auth_token)).toBe(401);
    expect(await meStatus(app, keeper.auth_token)).toBe(200);
    const mail = await smtp.waitForMail('ada@example.com', { since: 1 });
    expect(mail.subject).toBe('Your Moo & Co account was deleted');
    expect(mail.text).toContain('deleted for good');

    // The address is free again.
    await signUpUser(app);
  });

  it('answers success false with the support address and the reason for a wrong or unknown pair, identically', async () => {
    const { app } = await start(dialect);
    const user = await signUpUser(app);
    const wrong = await deleteAccount(app, { email: 'ada@example.com', password: 'not the password' });
    const unknown = await deleteAccount(app, { email: 'nobody@example.com', password: STRONG_PASSWORD });
    for (const reply of [wrong, unknown]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({
        success: false,
        email: 'help@moo.test',
        reason: 'invalid_credentials',
        message: 'The e-mail address or the password is not right, so nothing was deleted.',
      });
    }
    expect(unknown.body).toBe(wrong.body);
    expect(await meStatus(app, user.auth_token)).toBe(200);
    const { audit_events } = await dumpDatabase(app);
    expect(audit_events.filter((e) => e.event === 'account_deletion_failed')).toHaveLength(2);
  });

  it('needs no Bearer token, and ignores one of another user', async () => {
    const { app } = await start(dialect);
    const ada = await signUpUser(app);
    const grace = await signUpUser(app, { email: 'grace@example.com' });
    const reply = await app.inject({
      method: 'POST',
      url: '/api/v1/delete_user_with_token',
      headers: bearer(grace.auth_token),
      payload: { email: 'ada@example.com', password: STRONG_PASSWORD },
    });
    expect(reply.json()).toEqual({ success: true, email: '' });
    expect(await meStatus(app, ada.auth_token)).toBe(401);
    expect(await meStatus(app, grace.auth_token)).toBe(200);
  });

  it('answers 400 invalid_request for missing fields and wrong types', async () => {
    const { app } = await start(dialect);
    for (const payload of [{}, { email: 'ada@example.com' }, { email: ['a'], password: 'b' }]) {
      const reply = await deleteAccount(app, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe('invalid_request');
    }
  });
});
