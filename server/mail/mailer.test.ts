import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requestReset, settleSignUps, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { captureLogs } from '../test/logs.js';
import { readMail } from '../test/mail-reader.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** A local port where nothing listens: every connection is refused. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail without SMTP_URL', () => {
  it('is written as an .eml file under the outbox, and the log names the file but not the link', async () => {
    const logs = captureLogs('info');
    current = await buildTestApp({ logger: logs.logger, env: { APP_NAME: 'Moo' } });
    const { app, folder } = current;
    await signUpUser(app);
    // The sign-up's own mail (DESIGN 13's confirmation) goes first, after its reply.
    await settleSignUps(app);
    const outbox = join(folder, 'outbox');
    const before = new Set(readdirSync(outbox));
    expect(before.size).toBe(1);
    expect((await requestReset(app, 'ada@example.com')).statusCode).toBe(204);
    // The reset's work starts once its reply is out (decision 156), then its mail goes.
    await app.resetQueue.flush();
    await app.ctx.mailer.flush();

    const files = readdirSync(outbox).filter((name) => !before.has(name));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = join(outbox, files[0]!);
    const mail = readMail(readFileSync(file, 'utf8'));
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Reset your Moo password' });
    expect(mail.from).toBe('Moo <no-reply@localhost>');
    const token = /\/change-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`/change-password/${token}`);

    expect(logs.text()).toContain(`mail written to ${file}`);
    expect(logs.text()).not.toContain(token);
  });
});

describe('a mail server that cannot be reached', () => {
  it('is logged, and never turns a reset or a deletion into an error', async () => {
    const logs = captureLogs('info');
    current = await buildTestApp({
      logger: logs.logger,
      env: { SMTP_URL: `smtp://127.0.0.1:${await deadPort()}` },
    });
    const { app } = current;
    await signUpUser(app);
    expect((await requestReset(app, 'ada@example.com')).statusCode).toBe(204);
    await app.resetQueue.flush();
    const deletion = await app.inject({
      method: 'POST',
      url: '/api/v1/delete_user_with_token',
      payload: { email: 'ada@example.com', password: STRONG_PASSWORD },
    });
    expect(deletion.json()).toEqual({ success: true, email: '' });
    await app.ctx.mailer.flush();
    const failures = logs.lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'mail could not be sent');
    // The sign-up's confirmation (DESIGN 13), the reset and the deletion: each failed, each logged.
    expect(failures).toHaveLength(3);
    expect(failures.every((entry) => entry.level === 50)).toBe(true);
  });
});
