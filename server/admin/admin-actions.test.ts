import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '../../contract/admin.js';
import type { User } from '../../contract/users.js';
import { meStatus, signIn, STRONG_PASSWORD } from '../test/accounts.js';
import {
  act,
  agentWithPasskey,
  consoleGet,
  deletePerson,
  lastAudit,
  newPerson,
  openPage,
} from '../test/admin-kit.js';
import { confirmationFor } from '../test/email-codes-kit.js';
import { testDialects } from '../test/helper.js';
import { userWithPasskey, signInWithPasskey } from '../test/passkeys-kit.js';
import type { TestSmtpServer } from '../test/smtp.js';
import { rowsOf, subscribe, subscriptionsKit } from '../test/subscriptions-kit.js';
import { passwordStep, userWithTwoFactor } from '../test/two-factor-kit.js';

/** DESIGN 16: what each action of the support console does, who hears of it, and what the audit trail keeps. */
const start = subscriptionsKit();
const REASON = 'The person asked us by phone, ticket 4711.';
const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });

const mailTitled = (smtp: TestSmtpServer, to: string, subject: string) =>
  vi.waitFor(() => {
    const mail = smtp.mails.find((m) => m.to === to && m.subject === subject);
    if (!mail) throw new Error(`no mail "${subject}" to ${to} yet`);
    return mail;
  });

/** The action's audit row names the person and the agent by their keyed subjects, and keeps the reason. */
async function expectAudited(
  app: FastifyInstance,
  event: string,
  { person, agent }: { person: number; agent: number },
) {
  const row = await lastAudit(app, event);
  expect(row).toMatchObject({
    subject: app.ctx.audit.subjectOf({ userId: person }),
    actor: app.ctx.audit.subjectOf({ userId: agent }),
    reason: REASON,
  });
  expect(row!.ip).not.toBeNull();
}

/** The events a page hears up to and with `last`. */
async function eventsUntil(page: Awaited<ReturnType<typeof openPage>>, last: string): Promise<string[]> {
  const heard: string[] = [];
  while (heard.at(-1) !== last) heard.push(((await page.next()).message as { event: string }).event);
  return heard;
}

const personPage = async (app: FastifyInstance, token: string, id: number) =>
  (await consoleGet(app, token, `/api/v1/admin/users/${id}`)).json<AdminUserDetail>();

describe.each(testDialects)('the support console’s actions, on %s', (dialect) => {
  it('sign_out_all ends every session of the person, live, and mails them', async () => {
    const kit = await start(dialect);
    const { app, smtp } = kit;
    const agent = await agentWithPasskey(app);
    const person = await newPerson(app);
    const phone = await signIn(app, { email: person.email });
    const page = await openPage(kit, phone.auth_token);

    const reply = await act(app, agent.token, person.id, 'sign_out_all', { reason: REASON });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ revoked: 2 });
    expect(await page.next()).toEqual({
      identifier: ACCOUNT,
      message: { event: 'signed_out', reason: 'support_sign_out' },
    });
    expect(await meStatus(app, person.auth_token)).toBe(401);
    expect(await meStatus(app, phone.auth_token)).toBe(401);
    expect(await meStatus(app, agent.token)).toBe(200);
    const mail = await mailTitled(smtp, person.email, 'Your BullApp account was signed out everywhere');
    expect(mail.text).toContain('Our support team signed your BullApp account out of every device.');
    expect(mail.text).not.toContain(REASON);
    await expectAudited(app, 'support_signed_out_all', { person: person.id, agent: agent.account.id });
    page.close();
  });

  it('reset_two_factor turns the authenticator and recovery codes off, keeps passkeys, live, and mails', async () => {
    const kit = await start(dialect);
    const { app, smtp } = kit;
    const agent = await agentWithPasskey(app);
    const { user: person, authenticator } = await userWithPasskey(app, { user: await newPerson(app) });
    await userWithTwoFactor(app, person);
    const page = await openPage(kit, person.auth_token);
    expect((await personPage(app, agent.token, person.id)).two_factor).toBe(true);

    const reply = await act(app, agent.token, person.id, 'reset_two_factor', { reason: REASON });
    expect(reply.statusCode, reply.body).toBe(204);
    expect(await page.next()).toEqual({ identifier: ACCOUNT, message: { event: 'security_changed' } });
    // The password alone signs in again; the passkey still does; the person's pages stay signed in.
    const login = await passwordStep(app, person.email);
    expect(login.json()).toMatchObject({ email: person.email, auth_token: expect.any(String) });
    expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(200);
    expect(await meStatus(app, person.auth_token)).toBe(200);
    expect(await personPage(app, agent.token, person.id)).toMatchObject({ two_factor: false, passkeys: 1 });
    const mail = await mailTitled(
      smtp,
      person.email,
      'Two-step sign-in was turned off for your BullApp account',
    );
    expect(mail.text).toContain('your passkeys still do');
    await expectAudited(app, 'support_two_factor_reset', { person: person.id, agent: agent.account.id });

    const again = await act(app, agent.token, person.id, 'reset_two_factor', { reason: REASON });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'two_factor_not_enabled',
      message: 'Two-step sign-in is not on for this account.',
    });
    page.close();
  });

  it('unlock clears the stop after wrong passwords and the throttles, and mails', async () => {
    const kit = await start(dialect, {
      rateLimits: { settings: { passwordFailuresPerAccount: { limit: 3, windowMs: 60_000 } } },
    });
    const { app, smtp } = kit;
    const agent = await agentWithPasskey(app);
    const person = await newPerson(app);
    for (let i = 0; i < 3; i += 1)
      expect((await passwordStep(app, person.email, 'wrong password!')).statusCode).toBe(401);
    expect((await passwordStep(app, person.email)).json()).toMatchObject({ error: 'account_locked' });
    expect((await personPage(app, agent.token, person.id)).locked).toBe(true);

    const reply = await act(app, agent.token, person.id, 'unlock', { reason: REASON });
    expect(reply.statusCode, reply.body).toBe(204);
    expect((await personPage(app, agent.token, person.id)).locked).toBe(false);
    expect((await passwordStep(app, person.email, STRONG_PASSWORD)).statusCode).toBe(200);
    const mail = await mailTitled(smtp, person.email, 'Password sign-in to your BullApp account works again');
    expect(mail.text).toContain('Our support team cleared the stop on wrong passwords');
    await expectAudited(app, 'support_unlocked', { person: person.id, agent: agent.account.id });
  });

  it('resend_verification mails a new code and link (202), voids the older ones, and is audited; 409 once confirmed', async () => {
    const kit = await start(dialect);
    const { app, smtp } = kit;
    const agent = await agentWithPasskey(app);
    const person = await newPerson(app);
    const first = await confirmationFor(smtp, person.email);
    expect((await personPage(app, agent.token, person.id)).email_verified).toBe(false);

    const since = smtp.confirmations.length;
    const reply = await act(app, agent.token, person.id, 'resend_verification', { reason: REASON });
    expect(reply.statusCode, reply.body).toBe(202);
    const second = await confirmationFor(smtp, person.email, since);
    expect(second.token).not.toBe(first.token);
    await expectAudited(app, 'support_verification_resent', { person: person.id, agent: agent.account.id });
    const stale = await app.inject({
      method: 'POST',
      url: '/api/v1/email_verification/confirm',
      payload: { token: first.token },
    });
    expect(stale.statusCode).toBe(400);
    const used = await app.inject({
      method: 'POST',
      url: '/api/v1/email_verification/confirm',
      payload: { token: second.token },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect((await personPage(app, agent.token, person.id)).email_verified).toBe(true);

    const again = await act(app, agent.token, person.id, 'resend_verification', { reason: REASON });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'already_verified' });
    const short = await act(app, agent.token, person.id, 'resend_verification', { reason: 'short' });
    expect(short.statusCode).toBe(422);
  });

  it('cancel_subscription cancels at PayPal ("Cancelled by support"), live, and the person is mailed', async () => {
    const kit = await start(dialect);
    const { app, smtp } = kit;
    const agent = await agentWithPasskey(app);
    const person = await newPerson(app);
    const none = await act(app, agent.token, person.id, 'cancel_subscription', { reason: REASON });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      error: 'subscription_not_found',
      message: 'This person has no active or suspended subscription to cancel.',
    });
    const active = await subscribe(kit, person);
    expect((await personPage(app, agent.token, person.id)).subscription_status).toBe('ACTIVE');
    const page = await openPage(kit, person.auth_token);

    const reply = await act(app, agent.token, person.id, 'cancel_subscription', { reason: REASON });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ id: active.id, status: 'CANCELLED', entitled: true });
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Cancelled by support']);
    expect(await page.next()).toMatchObject({
      identifier: ACCOUNT,
      message: { event: 'subscription_changed', subscription: { id: active.id, status: 'CANCELLED' } },
    });
    await mailTitled(smtp, person.email, 'Your BullApp subscription was cancelled');
    await expectAudited(app, 'support_subscription_cancelled', {
      person: person.id,
      agent: agent.account.id,
    });
    page.close();
  });

  it('DELETE deletes the account as a self-deletion does (PayPal first), live, and mails', async () => {
    const kit = await start(dialect);
    const { app, smtp } = kit;
    const agent = await agentWithPasskey(app);
    const person = await newPerson(app);
    await subscribe(kit, person);
    const page = await openPage(kit, person.auth_token);

    const reply = await deletePerson(app, agent.token, person.id, { reason: REASON });
    expect(reply.statusCode, reply.body).toBe(204);
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Account deleted']);
    // PayPal's webhook of the cancel may tell the page of it first (subscription_changed).
    await expect(eventsUntil(page, 'account_deleted')).resolves.toContain('account_deleted');
    expect(await meStatus(app, person.auth_token)).toBe(401);
    expect(await rowsOf(app).subscriptions()).toEqual([]);
    const mail = await mailTitled(smtp, person.email, 'Your BullApp account was deleted');
    expect(mail.text).toContain('Our support team deleted your BullApp account');
    await expectAudited(app, 'support_account_deleted', { person: person.id, agent: agent.account.id });
    expect((await consoleGet(app, agent.token, `/api/v1/admin/users/${person.id}`)).statusCode).toBe(404);
    expect((await deletePerson(app, agent.token, person.id, { reason: REASON })).json()).toMatchObject({
      error: 'user_not_found',
    });
    page.close();
  });

  it('DELETE keeps the account while PayPal cannot cancel its subscription: 503, nothing changed', async () => {
    const kit = await start(dialect);
    const { app } = kit;
    const agent = await agentWithPasskey(app);
    const person: User = await newPerson(app);
    await subscribe(kit, person);
    kit.paypal.failWith('server-error');

    const reply = await deletePerson(app, agent.token, person.id, { reason: REASON });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({
      error: 'payments_unavailable',
      message:
        'The account was not deleted: PayPal could not cancel its subscription, so nothing was changed. Try again in a few minutes.',
    });
    expect(await meStatus(app, person.auth_token)).toBe(200);
    expect(await lastAudit(app, 'support_account_deleted')).toBeUndefined();
  });
});
