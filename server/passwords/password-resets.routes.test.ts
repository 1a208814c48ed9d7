import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testDialects } from '../test/helper.js';
import { appWithMail, startSmtpServer } from '../test/smtp.js';
import { dumpDatabase, requestReset, resetLinkFor, settleSignUps, signUpUser } from '../test/accounts.js';

const PUBLIC_URL = 'http://bullapp.test:8080';

const start = appWithMail({ PUBLIC_URL, APP_NAME: 'Moo & Co', SUPPORT_EMAIL: 'help@moo.test' });

describe.each(testDialects)('POST /api/v2/reset_password on %s', (dialect) => {
  it('answers 204 and mails a PUBLIC_URL link, ignoring the Host the request names', async () => {
    const { app, smtp } = await start(dialect);
    await signUpUser(app);
    const reply = await requestReset(app, ' ADA@example.com ', { host: 'evil.example' });
    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
    const { mail, link, token } = await resetLinkFor(smtp, 'ada@example.com');
    expect(link).toBe(`${PUBLIC_URL}/change-password/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.subject).toBe('Reset your Moo & Co password');
    expect(mail.from).toContain('Moo & Co');
    expect(mail.text).toContain('help@moo.test');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Moo &amp; Co');
    expect(mail.text + mail.html).not.toContain('evil.example');
    const { password_resets, audit_events } = await dumpDatabase(app);
    expect(password_resets).toHaveLength(1);
    expect(JSON.stringify(password_resets)).not.toContain(token);
    expect(audit_events.map((event) => event.event)).toContain('password_reset_requested');
  });

  it('answers the same 204 for an address without an account, and sends nothing', async () => {
    const { app, smtp } = await start(dialect);
    await signUpUser(app);
    const known = await requestReset(app, 'ada@example.com');
    const unknown = await requestReset(app, 'nobody@example.com');
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await smtp.waitForMail('ada@example.com');
    await app.resetQueue.flush();
    await app.ctx.mailer.flush();
    expect(smtp.mails.map((mail) => mail.to)).toEqual(['ada@example.com']);
    const { password_resets, audit_events } = await dumpDatabase(app);
    expect(password_resets).toHaveLength(1);
    // Both are audited, after the reply.
    const requested = audit_events.filter((event) => event.event === 'password_reset_requested');
    expect(requested).toHaveLength(2);
    expect(JSON.stringify(audit_events)).not.toContain('nobody@example.com');
  });

  it('does not wait for the mail server before answering', async () => {
    const { app, smtp } = await start(dialect);
    await signUpUser(app);
    await settleSignUps(app);
    let sent = 0;
    const send = app.ctx.mailer.send.bind(app.ctx.mailer);
    app.ctx.mailer.send = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await send(message);
      sent += 1;
    };
    expect((await requestReset(app, 'ada@example.com')).statusCode).toBe(204);
    expect(sent).toBe(0);
    // The reset's work runs after the reply (decision 077); then its mail goes out.
    await app.resetQueue.flush();
    await app.ctx.mailer.flush();
    expect(sent).toBe(1);
    await smtp.waitForMail('ada@example.com');
  });

  it('answers 400 invalid_request without an e-mail field', async () => {
    const { app } = await start(dialect);
    for (const payload of [{}, { email: 3 }, { mail: 'ada@example.com' }]) {
      const reply = await app.inject({ method: 'POST', url: '/api/v2/reset_password', payload });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe('invalid_request');
    }
  });
});

describe('the reset link', () => {
  it('opens the change-password page of the web app', async () => {
    const smtp = await startSmtpServer();
    const webRoot = mkdtempSync(join(tmpdir(), 'bullapp-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<html><body><div id="root"></div></body></html>');
    const current = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL }, webRoot });
    try {
      const { app } = current;
      await signUpUser(app);
      await requestReset(app, 'ada@example.com');
      const { link } = await resetLinkFor(smtp, 'ada@example.com');
      const page = await app.inject(new URL(link).pathname);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      await current.close();
      await smtp.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
