import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { appWithMail } from '../test/smtp.js';

const start = appWithMail({ PUBLIC_URL: 'http://app.test' });

/** Every file SQLite keeps for the database, read as raw bytes: what someone who copies the folder gets. */
function databaseFiles(app: FastifyInstance): Record<string, Buffer> {
  const path = app.config.databaseUrl.replace(/^sqlite:/, '');
  const files: Record<string, Buffer> = {};
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      files[`app.sqlite${suffix}`] = readFileSync(`${path}${suffix}`);
    } catch {
      // A file SQLite has not made holds nothing.
    }
  }
  return files;
}

/** Which files hold this text, in UTF-8 (as SQLite stores it). */
function filesHolding(app: FastifyInstance, text: string): string[] {
  return Object.entries(databaseFiles(app))
    .filter(([, bytes]) => bytes.includes(Buffer.from(text, 'utf8')))
    .map(([name]) => name);
}

/** Enough rows beside the account that its pages are shared with others and stay in use after it goes. */
async function neighbours(app: FastifyInstance) {
  for (let i = 0; i < 3; i += 1) await signUpUser(app, { email: `neighbour${i}@example.com` });
}

describe('nothing to read back in the SQLite files', () => {
  it('after an account is deleted, its address is in no database file (main, -wal, -shm)', async () => {
    const { app } = await start('sqlite');
    await neighbours(app);
    const email = 'deleted.person@example.com';
    await signUpUser(app, { email });
    await signIn(app, { email });
    expect(filesHolding(app, email)).not.toEqual([]);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/v1/delete_user_with_token',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(reply.json()).toEqual({ success: true, email: '' });
    expect(filesHolding(app, email)).toEqual([]);
    expect(filesHolding(app, 'neighbour0@example.com')).not.toEqual([]);
  });

  it('after an e-mail change, the old address is in no database file', async () => {
    const { app, smtp } = await start('sqlite');
    await neighbours(app);
    const old = 'old.address@example.com';
    const user = await signUpUser(app, { email: old });
    await app.inject({
      method: 'POST',
      url: '/api/v1/email_change',
      headers: bearer(user.auth_token),
      payload: { email: 'new.address@example.com', password: STRONG_PASSWORD },
    });
    const mail = await smtp.waitForMail('new.address@example.com');
    const token = /confirm-email\/(\S+)/.exec(mail.text)![1]!;
    expect(filesHolding(app, old)).not.toEqual([]);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/email_change/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(filesHolding(app, old)).toEqual([]);
    expect(filesHolding(app, 'new.address@example.com')).not.toEqual([]);
  });

  it('runs SQLite with secure_delete on', async () => {
    const { app } = await start('sqlite');
    const { rows } = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(app.database.db);
    expect(rows).toEqual([{ secure_delete: 1 }]);
  });
});
