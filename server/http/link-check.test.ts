import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  bearer,
  changeWithToken,
  requestReset,
  resetLinkFor,
  signUpUser,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import { appWithMail, type TestSmtpServer } from '../test/smtp.js';

/** Decision 168: a mailed link's page asks whether the link still works before it shows a form. */
const start = appWithMail({ PUBLIC_URL: 'http://app.test' });
const MINUTE = 60_000;
const NEW_ADDRESS = 'ada.new@example.com';

const RESET_REFUSED = {
  error: 'invalid_reset_token',
  message: 'This password reset link is invalid or has expired.',
};
const CHANGE_REFUSED = {
  error: 'invalid_token',
  message: 'This e-mail confirmation link is invalid or has expired. Ask for a new one on your account page.',
};
const UNDO_REFUSED = {
  error: 'invalid_token',
  message:
    'This link can no longer undo the e-mail change: it was used already or is older than 7 days. Write to us if you need help.',
};

const post = (app: FastifyInstance, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });
const checkReset = (app: FastifyInstance, token: string) =>
  post(app, '/api/v2/reset_password/check', { token });
const checkChange = (app: FastifyInstance, token: string) =>
  post(app, '/api/v1/email_change/confirm/check', { token });
const checkUndo = (app: FastifyInstance, token: string) =>
  post(app, '/api/v1/email_change/undo/check', { token });

const unknownToken = () => randomBytes(32).toString('base64url');

/** The token at the end of the link to `page` in the newest mail to `to` with this subject. */
async function tokenIn(smtp: TestSmtpServer, to: string, page: string, subject: string) {
  const mail = await vi.waitFor(() => {
    const found = smtp.mails.findLast((m) => m.to === to && m.subject === subject);
    if (!found) throw new Error(`no mail "${subject}" to ${to} yet`);
    return found;
  });
  const link = new RegExp(`http\\S+/${page}/(\\S+)`).exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return link!;
}

async function resetToken(app: FastifyInstance, smtp: TestSmtpServer) {
  await signUpUser(app);
  expect((await requestReset(app, 'ada@example.com')).statusCode).toBe(204);
  return (await resetLinkFor(smtp, 'ada@example.com')).token;
}

/**
 * Asks for one more reset link and waits for its mail: the newest reset mail whose token is none of `earlier`
 * (the request's work runs after its reply, so the newest mail at first may still be an earlier one).
 */
async function nextResetToken(app: FastifyInstance, smtp: TestSmtpServer, earlier: string[]) {
  expect((await requestReset(app, 'ada@example.com')).statusCode).toBe(204);
  await app.resetQueue.flush();
  return vi.waitFor(async () => {
    const token = await tokenIn(smtp, 'ada@example.com', 'change-password', 'Reset your BullApp password');
    if (earlier.includes(token)) throw new Error('the new reset mail has not come yet');
    return token;
  });
}

/** An account that asked to move to NEW_ADDRESS: the token of the link mailed there. */
async function changeToken(app: FastifyInstance, smtp: TestSmtpServer) {
  const ada = await signUpUser(app);
  const asked = await app.inject({
    method: 'POST',
    url: '/api/v1/email_change',
    headers: bearer(ada.auth_token),
    payload: { email: NEW_ADDRESS, password: STRONG_PASSWORD },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  return tokenIn(smtp, NEW_ADDRESS, 'confirm-email', 'Confirm your new BullApp e-mail address');
}

/** A completed change: the token of the undo link mailed to the old address. */
async function undoToken(app: FastifyInstance, smtp: TestSmtpServer) {
  expect(
    (await post(app, '/api/v1/email_change/confirm', { token: await changeToken(app, smtp) })).statusCode,
  ).toBe(200);
  const subject = 'The e-mail address of your BullApp account was changed';
  return tokenIn(smtp, 'ada@example.com', 'undo-email-change', subject);
}

const later = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });

describe.each(testDialects)('link checks on %s', (dialect) => {
  describe('POST /api/v2/reset_password/check', () => {
    it('answers 204 for a fresh link, as often as asked, and the link still sets the password after', async () => {
      const { app, smtp } = await start(dialect);
      const token = await resetToken(app, smtp);
      for (let n = 0; n < 3; n += 1) {
        const reply = await checkReset(app, token);
        expect(reply.statusCode, reply.body).toBe(204);
        expect(reply.body).toBe('');
      }
      const used = await app.database.db.selectFrom('password_resets').select('used_at').execute();
      expect(used).toEqual([{ used_at: null }]);
      expect((await changeWithToken(app, token, 'lantern orchard evening')).statusCode).toBe(204);
    });

    it('answers the reset call’s own 400 for a used, expired, voided or unknown link, alike', async () => {
      const { app, smtp } = await start(dialect);
      const used = await resetToken(app, smtp);
      expect((await changeWithToken(app, used, 'lantern orchard evening')).statusCode).toBe(204);
      const voided = await nextResetToken(app, smtp, [used]);
      const fresh = await nextResetToken(app, smtp, [used, voided]);
      expect((await checkReset(app, fresh)).statusCode).toBe(204);

      const replies = [
        await checkReset(app, used),
        await checkReset(app, voided),
        await checkReset(app, unknownToken()),
        await checkReset(app, 'not a token'),
      ];
      later(61 * MINUTE);
      replies.push(await checkReset(app, fresh));
      for (const reply of replies) {
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toEqual(RESET_REFUSED);
        expect(Object.keys(reply.headers).sort()).toEqual(Object.keys(replies[0]!.headers).sort());
      }
    });

    it('answers 400 invalid_request with a sentence for a body without a token string', async () => {
      const { app } = await start(dialect);
      for (const payload of [{}, { token: 3 }, { password_hash: unknownToken() }, [unknownToken()]]) {
        const reply = await post(app, '/api/v2/reset_password/check', payload);
        expect(reply.statusCode).toBe(400);
        expect(reply.json().error).toBe('invalid_request');
        expect(reply.json().message).toMatch(/^[A-Z].+\.$/);
      }
      const notJson = await app.inject({
        method: 'POST',
        url: '/api/v2/reset_password/check',
        headers: { 'content-type': 'application/json' },
        payload: '{"token":',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toEqual({
        error: 'invalid_request',
        message: 'The request body is not valid JSON.',
      });
    });

    it('counts under the reset link’s own limit per address, which using the link counts under too', async () => {
      const { app, smtp } = await start(dialect, {
        rateLimits: { settings: { resetLinkPerIp: { limit: 2, windowMs: 15 * MINUTE } } },
      });
      const token = await resetToken(app, smtp);
      expect((await checkReset(app, token)).statusCode).toBe(204);
      expect((await checkReset(app, unknownToken())).statusCode).toBe(400);
      const refused = await checkReset(app, token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe('too_many_requests');
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await changeWithToken(app, token, 'lantern orchard evening')).statusCode).toBe(429);
    });
  });

  describe('POST /api/v1/email_change/confirm/check', () => {
    it('answers 204 while the link works and leaves it working; once used or expired, the confirm call’s 400', async () => {
      const { app, smtp } = await start(dialect);
      const token = await changeToken(app, smtp);
      expect((await checkChange(app, token)).statusCode).toBe(204);
      expect((await checkChange(app, token)).statusCode).toBe(204);
      const confirmed = await post(app, '/api/v1/email_change/confirm', { token });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().email).toBe(NEW_ADDRESS);

      for (const dead of [token, unknownToken(), '']) {
        const reply = await checkChange(app, dead);
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toEqual(CHANGE_REFUSED);
      }
    });

    it('refuses a link past its 60 minutes, and bad bodies with invalid_request', async () => {
      const { app, smtp } = await start(dialect);
      const token = await changeToken(app, smtp);
      later(61 * MINUTE);
      expect((await checkChange(app, token)).json()).toEqual(CHANGE_REFUSED);
      const bad = await post(app, '/api/v1/email_change/confirm/check', { token: null });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('invalid_request');
    });

    it('counts under the confirm call’s limit per address', async () => {
      const { app, smtp } = await start(dialect, {
        rateLimits: { settings: { confirmEmailPerIp: { limit: 1, windowMs: 15 * MINUTE } } },
      });
      const token = await changeToken(app, smtp);
      expect((await checkChange(app, token)).statusCode).toBe(204);
      expect((await checkChange(app, token)).statusCode).toBe(429);
      expect((await post(app, '/api/v1/email_change/confirm', { token })).statusCode).toBe(429);
    });
  });

  describe('POST /api/v1/email_change/undo/check', () => {
    it('answers 204 while the undo link works and leaves it working; once used, the undo call’s 400', async () => {
      const { app, smtp } = await start(dialect);
      const token = await undoToken(app, smtp);
      expect((await checkUndo(app, token)).statusCode).toBe(204);
      expect((await checkUndo(app, token)).statusCode).toBe(204);
      expect((await post(app, '/api/v1/email_change/undo', { token })).statusCode).toBe(204);
      for (const dead of [token, unknownToken()]) {
        const reply = await checkUndo(app, dead);
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toEqual(UNDO_REFUSED);
      }
    });

    it('refuses an undo link past its 7 days', async () => {
      const { app, smtp } = await start(dialect);
      const token = await undoToken(app, smtp);
      later(7 * 24 * 60 * MINUTE + MINUTE);
      expect((await checkUndo(app, token)).json()).toEqual(UNDO_REFUSED);
    });
  });
});
