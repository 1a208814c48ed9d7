import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/users.js';
import {
  bearer,
  changeWithToken,
  meStatus,
  requestReset,
  signIn,
  signUpUser,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import { RP, addPasskey, signInWithPasskey } from '../test/passkeys-kit.js';
import { appWithMail, type TestSmtpServer } from '../test/smtp.js';
import { SoftwareAuthenticator } from '../test/software-authenticator.js';

/** DESIGN 7, "Recovery ends what an intruder left behind", and the undo link of a completed e-mail change. */
const start = appWithMail({ PUBLIC_URL: RP.origin });
const NEW_PASSWORD = 'lantern orchard evening';
const INTRUDER = 'mallory@example.com';

const askChange = (app: FastifyInstance, token: string, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/email_change',
    headers: bearer(token),
    payload: { email, password: STRONG_PASSWORD },
  });

/** The mail of this subject to this address, once it has arrived (mails are sent after their replies). */
const mailTitled = (smtp: TestSmtpServer, to: string, subject: string) =>
  vi.waitFor(() => {
    const mail = smtp.mails.find((m) => m.to === to && m.subject === subject);
    if (!mail) throw new Error(`no mail "${subject}" to ${to} yet`);
    return mail;
  });

async function linkIn(smtp: TestSmtpServer, to: string, page: string, subject?: string) {
  const mail = subject ? await mailTitled(smtp, to, subject) : await smtp.waitForMail(to);
  const link = new RegExp(`(http\\S+/${page}/\\S+)`).exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return { mail, token: link!.split('/').at(-1)! };
}

const confirm = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/email_change/confirm', payload: { token } });
const undo = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/email_change/undo', payload: { token } });

async function resetPassword(app: FastifyInstance, smtp: TestSmtpServer, email: string) {
  expect((await requestReset(app, email)).statusCode).toBe(204);
  const { token } = await linkIn(smtp, email, 'change-password', 'Reset your BullApp password');
  const reply = await changeWithToken(app, token, NEW_PASSWORD);
  expect(reply.statusCode, reply.body).toBe(204);
}

/** The three recovery paths of an owner who is still signed in (`owner`) while an intruder holds `stolen`. */
const RECOVERIES: Array<
  [string, (app: FastifyInstance, smtp: TestSmtpServer, owner: User) => Promise<void>]
> = [
  [
    'a password change',
    async (app, _smtp, owner) => {
      const reply = await app.inject({
        method: 'PUT',
        url: '/api/v2/change_password',
        headers: bearer(owner.auth_token),
        payload: { current_password: STRONG_PASSWORD, password: NEW_PASSWORD },
      });
      expect(reply.statusCode, reply.body).toBe(204);
    },
  ],
  ['a completed reset', (app, smtp, owner) => resetPassword(app, smtp, owner.email)],
  [
    "'Sign out of all other devices'",
    async (app, _smtp, owner) => {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/sessions/revoke_others',
        headers: bearer(owner.auth_token),
      });
      expect(reply.statusCode, reply.body).toBe(200);
    },
  ],
];

const qrToken = async (app: FastifyInstance, user: User) => {
  const reply = await app.inject({
    url: '/api/v1/check_chromes_password',
    query: { password: STRONG_PASSWORD },
    headers: bearer(user.auth_token),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return /#auth_token=(\S+)$/.exec(reply.json<{ link: string }>().link)![1]!;
};
const redeemQr = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { session: { auth_token: token, qr: true } },
  });

describe.each(testDialects)('recovery on %s', (dialect) => {
  it.each(RECOVERIES)(
    '%s ends an intruder’s pending e-mail change and pending QR token',
    async (_name, recover) => {
      const { app, smtp } = await start(dialect);
      const owner = await signUpUser(app);
      const stolen = await signIn(app);
      expect((await askChange(app, stolen.auth_token, INTRUDER)).statusCode).toBe(202);
      const { token } = await linkIn(smtp, INTRUDER, 'confirm-email');
      const qr = await qrToken(app, stolen);

      await recover(app, smtp, owner);

      expect((await confirm(app, token)).json()).toMatchObject({ error: 'invalid_token' });
      expect((await redeemQr(app, qr)).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/v1/me', headers: bearer(stolen.auth_token) })).statusCode).toBe(
        401,
      );
    },
  );

  it('a completed reset removes every passkey and says so in its mail', async () => {
    const { app, smtp } = await start(dialect);
    const owner = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(RP);
    expect((await addPasskey(app, owner, authenticator)).statusCode).toBe(201);

    await resetPassword(app, smtp, owner.email);

    expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(401);
    expect(await app.database.db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
    const mail = await mailTitled(smtp, owner.email, 'Your BullApp password was changed');
    expect(mail.text).toContain('Every passkey of the account was removed too');
  });

  it('a password change keeps the passkeys, and its mail says nothing of them', async () => {
    const { app, smtp } = await start(dialect);
    const owner = await signUpUser(app);
    const authenticator = new SoftwareAuthenticator(RP);
    expect((await addPasskey(app, owner, authenticator)).statusCode).toBe(201);
    await RECOVERIES[0]![1](app, smtp, owner);
    expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(200);
    const mail = await mailTitled(smtp, owner.email, 'Your BullApp password was changed');
    expect(mail.text).not.toContain('passkey');
  });

  it('logout ends the QR token it showed', async () => {
    const { app } = await start(dialect);
    const owner = await signUpUser(app);
    const qr = await qrToken(app, owner);
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(owner.auth_token),
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await redeemQr(app, qr)).statusCode).toBe(401);
  });
});

describe.each(testDialects)('the undo link of a completed e-mail change on %s', (dialect) => {
  async function changed(app: FastifyInstance, smtp: TestSmtpServer) {
    const owner = await signUpUser(app);
    const stolen = await signIn(app);
    expect((await askChange(app, stolen.auth_token, INTRUDER)).statusCode).toBe(202);
    const { token } = await linkIn(smtp, INTRUDER, 'confirm-email');
    expect((await confirm(app, token)).statusCode).toBe(200);
    const subject = 'The e-mail address of your BullApp account was changed';
    return { owner, stolen, ...(await linkIn(smtp, owner.email, 'undo-email-change', subject)) };
  }

  it('mails the old address a link that gives it back and ends every session, once', async () => {
    const { app, smtp } = await start(dialect);
    const { owner, stolen, mail, token } = await changed(app, smtp);
    expect(mail.subject).toBe('The e-mail address of your BullApp account was changed');
    expect(mail.text).toContain(`to ${INTRUDER}`);
    expect(mail.text).toContain('7 days');
    expect(mail.text).toContain(`${RP.origin}/undo-email-change/`);

    const reply = await undo(app, token);
    expect(reply.statusCode, reply.body).toBe(204);
    expect(await meStatus(app, owner.auth_token)).toBe(401);
    expect(await meStatus(app, stolen.auth_token)).toBe(401);
    await signIn(app, { email: owner.email });
    const intruder = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: INTRUDER, password: STRONG_PASSWORD } },
    });
    expect(intruder.statusCode).toBe(401);
    expect((await undo(app, token)).json()).toEqual({
      error: 'invalid_token',
      message:
        'This link can no longer undo the e-mail change: it was used already or is older than 7 days. Write to us if you need help.',
    });
  });

  it('works for 7 days only, and the old address is in the database only sealed', async () => {
    const { app, smtp } = await start(dialect);
    const { owner, token } = await changed(app, smtp);
    const rows = await app.database.db.selectFrom('email_change_undos').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(owner.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 24 * 60 * 60_000 + 1000 });
    expect((await undo(app, token)).statusCode).toBe(400);
  });
});
