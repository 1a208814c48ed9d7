import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { AuditTrail } from '../audit/audit.service.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest, migrationsFor } from '../db/migrate.js';
import { AppKeys, loadAppKeys, newAppKeyText, parseAppKeys } from '../security/app-keys.js';
import { createTestDatabase, testDialects, type TestDialect } from '../test/helper.js';
import { newUser, setUp } from '../test/two-factor-kit.js';
import { SecretBox } from './secret-box.js';
import { findTwoFactor } from './two-factor.repository.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-keys-'));
  folders.push(folder);
  return folder;
};
const keysOf = (text: string) => new AppKeys(parseAppKeys(text)!);

async function startOn(url: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    OUTBOX_DIR: join(newFolder(), 'o'),
    ...env,
  });
  const app = await buildApp({ config, webRoot: null });
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** An account with a pending authenticator set-up; the app is closed again. */
async function accountWithSecret(url: string, env: Record<string, string> = {}) {
  const app = await startOn(url, env);
  const user = await newUser(app);
  const { secret } = await setUp(app, user);
  await app.close();
  return { userId: user.id, secret };
}

async function storedBox(url: string, userId: number) {
  const database = openDatabase(url, { sqliteLocking: 'normal' });
  try {
    return (await findTwoFactor(database.db, userId))!.secret_box;
  } finally {
    await database.close();
  }
}

describe('an SQLite database copied without its key file', () => {
  it('opens no TOTP secret, and the app on the copy refuses to start with a sentence', async () => {
    const [home, elsewhere] = [newFolder(), newFolder()];
    const { userId, secret } = await accountWithSecret(`sqlite:${join(home, 'app.sqlite')}`);
    for (const suffix of ['', '-wal'])
      if (existsSync(join(home, `app.sqlite${suffix}`)))
        copyFileSync(join(home, `app.sqlite${suffix}`), join(elsewhere, `app.sqlite${suffix}`));
    const copy = `sqlite:${join(elsewhere, 'app.sqlite')}`;
    const box = await storedBox(`sqlite:${join(home, 'app.sqlite')}`, userId);
    expect(box).not.toContain(secret);

    const keysOfCopy = loadAppKeys({ appKeys: undefined, appKeysFile: join(elsewhere, 'app.sqlite.keys') });
    expect(() => new SecretBox(keysOfCopy).open(box, userId)).toThrow();
    await expect(startOn(copy)).rejects.toThrow(
      /1 two-step sign-in secret\(s\) in the database were sealed with a key that APP_KEYS \(or the key file\) does not list/,
    );

    // With its key file, the same copy opens: the key, not the database, was missing.
    const keysAtHome = loadAppKeys({ appKeys: undefined, appKeysFile: join(home, 'app.sqlite.keys') });
    expect(new SecretBox(keysAtHome).open(box, userId)).toBe(secret);
  });
});

describe.each(testDialects)('the app keys on %s', (dialect: TestDialect) => {
  it('rotate: a new first key re-seals every box at start, and then the old key can go', async () => {
    const { url } = await createTestDatabase(dialect, newFolder());
    const [older, newer] = [newAppKeyText(), newAppKeyText()];
    const { userId, secret } = await accountWithSecret(url, { APP_KEYS: older, SQLITE_LOCKING: 'normal' });
    expect(new SecretBox(keysOf(older)).isCurrent(await storedBox(url, userId))).toBe(true);

    await (await startOn(url, { APP_KEYS: `${newer},${older}`, SQLITE_LOCKING: 'normal' })).close();
    const resealed = await storedBox(url, userId);
    const afterwards = new SecretBox(keysOf(newer));
    expect(afterwards.isCurrent(resealed)).toBe(true);
    expect(afterwards.open(resealed, userId)).toBe(secret);

    const app = await startOn(url, { APP_KEYS: newer, SQLITE_LOCKING: 'normal' });
    await app.close();
  });

  it('come in by a migration that re-seals the secrets and re-keys the audit subjects kept in the database', async () => {
    const { url } = await createTestDatabase(dialect, newFolder());
    const keys = keysOf(newAppKeyText());
    const database = openDatabase(url);
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrationsFor(database.dialect, { keys }) },
      });
      expect((await migrator.migrateTo('2026-11-23-two-factor')).error).toBeUndefined();
      // The database as the previous release left it: both keys stored in app_secrets.
      const [legacyBoxKey, legacyAuditKey] = [randomBytes(32), randomBytes(32)];
      const at = new Date().toISOString();
      const { db } = database;
      const { id: userId } = await db
        .insertInto('users')
        .values({
          email: 'ada@example.com',
          password_hash: 'x',
          role: 0,
          created_at: at,
          updated_at: at,
          password_changed_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('app_secrets')
        .values([
          { name: 'two_factor_key', value: legacyBoxKey.toString('base64url') },
          { name: 'audit_subject_key', value: legacyAuditKey.toString('base64url') },
        ])
        .execute();
      await db
        .insertInto('two_factor')
        .values({
          user_id: userId,
          secret_box: legacySeal(legacyBoxKey, 'JBSWY3DPEHPK3PXP', userId),
          enabled_at: at,
          last_used_step: null,
          created_at: at,
        })
        .execute();
      const legacySubject = (input: string) =>
        createHmac('sha256', legacyAuditKey).update(input).digest('base64url');
      await db
        .insertInto('audit_events')
        .values([
          { at, event: 'sign_in', subject: legacySubject(`user:${userId}`), ip: null },
          { at, event: 'sign_in_failed', subject: legacySubject('email:nobody@example.com'), ip: null },
        ])
        .execute();

      expect(await migrateToLatest(database, { keys })).toContain('2026-11-26-keys-outside-the-database');

      const box = (await findTwoFactor(db, userId))!.secret_box;
      expect(new SecretBox(keys).open(box, userId)).toBe('JBSWY3DPEHPK3PXP');
      expect(await db.selectFrom('app_secrets').select('name').execute()).toEqual([]);
      const subjects = (await db.selectFrom('audit_events').select('subject').orderBy('id').execute()).map(
        (row) => row.subject,
      );
      expect(subjects).toEqual([
        new AuditTrail(keys).subjectOf({ userId }),
        legacySubject('email:nobody@example.com'),
      ]);
    } finally {
      await database.close();
    }
  });
});

/** The v1 box of docs/decisions/110, as the previous release sealed it. */
function legacySeal(stored: Buffer, plain: string, userId: number): string {
  const key = Buffer.from(hkdfSync('sha256', stored, Buffer.alloc(0), 'totp-secret-box v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
}
