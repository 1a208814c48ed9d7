import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readMail } from '../test/mail-reader.js';
import { bearer, dumpDatabase, signIn, signUpUser } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { captureLogs } from '../test/logs.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** The token of the newest reset mail in the outbox. */
async function lastResetToken(testApp: TestApp) {
  // The reset's work runs after the reply (decision 077); then its mail goes out.
  await testApp.app.resetQueue.flush();
  await testApp.app.ctx.mailer.flush();
  const outbox = join(testApp.folder, 'outbox');
  const newest = readdirSync(outbox).sort().at(-1)!;
  const mail = readMail(readFileSync(join(outbox, newest), 'utf8'));
  return /\/change-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
}

describe.each(testDialects)('secrets on %s', (dialect) => {
  it('are never stored or logged in the clear: passwords, tokens, reset tokens and links', async () => {
    const logs = captureLogs('trace');
    current = await buildTestApp({ dialect, logger: logs.logger });
    const { app } = current;
    const secrets: string[] = ['first Secret passw0rd', 'second Secret passw0rd', 'third Secret passw0rd'];

    const signedUp = await signUpUser(app, { password: secrets[0] });
    const signedIn = await signIn(app, { password: secrets[0] });
    await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { auth_token: signedIn.auth_token } },
    });
    await app.inject({ url: '/api/v1/me', headers: bearer(signedIn.auth_token) });
    await app.inject({
      method: 'POST',
      url: '/api/v2/reset_password',
      payload: { email: 'ada@example.com' },
    });
    const resetToken = await lastResetToken(current);
    await app.inject({
      method: 'PUT',
      url: '/api/v2/change_password',
      payload: { password_hash: resetToken, password: secrets[1] },
    });
    const third = await signIn(app, { password: secrets[1] });
    await app.inject({
      method: 'PUT',
      url: '/api/v2/change_password',
      headers: bearer(third.auth_token),
      payload: { current_password: secrets[1], password: secrets[2] },
    });
    // A failed sign-in logs nothing of the password that was tried either.
    await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: 'ada@example.com', password: 'tried Wrong passw0rd' } },
    });
    secrets.push(
      'tried Wrong passw0rd',
      signedUp.auth_token,
      signedIn.auth_token,
      third.auth_token,
      resetToken,
    );

    const stored = JSON.stringify(await dumpDatabase(app));
    const file = join(current.folder, 'app.sqlite');
    const rawFiles = dialect === 'sqlite' ? [file, `${file}-wal`, `${file}-shm`].filter(existsSync) : [];
    const raw = rawFiles.map((path) => readFileSync(path).toString('latin1')).join('');
    // The scan reads real data: the e-mail (not a secret) is there to be found.
    if (dialect === 'sqlite') expect(raw).toContain('ada@example.com');
    const logged = logs.text();
    expect(logged).toContain('/api/v2/change_password');
    for (const secret of secrets) {
      expect(stored, secret).not.toContain(secret);
      expect(raw, secret).not.toContain(secret);
      expect(logged, secret).not.toContain(secret);
    }
    expect(logged).not.toContain('/change-password/');
  });
});
