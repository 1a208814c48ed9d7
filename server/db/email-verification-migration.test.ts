import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { insertTestUser } from '../test/fixtures.js';
import { createTestDatabase, testAppKeys, testDialects } from '../test/helper.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest, migrationsFor } from './migrate.js';

let open: { database: DatabaseHandle; folder: string } | undefined;
afterEach(async () => {
  await open?.database.close();
  if (open) rmSync(open.folder, { recursive: true, force: true });
  open = undefined;
});

async function databaseBefore(dialect: (typeof testDialects)[number]) {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-verify-migration-'));
  const database = openDatabase((await createTestDatabase(dialect, folder)).url);
  open = { database, folder };
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(dialect, { keys: testAppKeys() }) },
    migrationTableSchema: schema,
  });
  expect((await migrator.migrateTo('2026-11-27-support-console')).error).toBeUndefined();
  return { database, migrator };
}

describe.each(testDialects)('the e-mail verification migration on %s (DESIGN 13)', (dialect) => {
  it('counts every account from before as verified, keeps its rows and ids, and lets a hash be null', async () => {
    const { database } = await databaseBefore(dialect);
    const { db } = database;
    const ada = await insertTestUser(db, { email: 'ada@example.com', passwordHash: 'hash-of-ada' });
    const gone = await insertTestUser(db, { email: 'gone@example.com' });
    const now = new Date().toISOString();
    await db
      .insertInto('password_resets')
      .values({ user_id: ada.id, token_hash: 'r1', created_at: now, expires_at: now, used_at: null })
      .execute();
    await db.deleteFrom('users').where('id', '=', gone.id).execute();
    const before = Date.now();

    expect(await migrateToLatest(database, { keys: testAppKeys() })).toContain(
      '2026-11-28-email-verification',
    );

    const users = await db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: ada.id, email: 'ada@example.com', password_hash: 'hash-of-ada' });
    expect(Date.parse(users[0]!.email_verified_at!)).toBeGreaterThanOrEqual(before - 1000);
    // The reset row survived the rebuild of the users table (no cascade ran), and still belongs to Ada.
    expect(await db.selectFrom('password_resets').select('user_id').execute()).toEqual([{ user_id: ada.id }]);

    // A new account is unverified; one without a password is allowed; ids of deleted accounts are not reused.
    const next = await insertTestUser(db, { email: 'next@example.com' });
    expect(next.id).toBeGreaterThan(gone.id);
    const fresh = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(fresh.email_verified_at).toBeNull();
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', next.id).execute();

    // Foreign keys are on again: deleting an account still removes its rows.
    await db.deleteFrom('users').where('id', '=', ada.id).execute();
    expect(await db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    await expect(
      db
        .insertInto('email_codes')
        .values({
          user_id: 9999,
          purpose: 'verify',
          code_hash: 'c',
          token_hash: null,
          created_at: now,
          expires_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('makes email_codes with a cascade from users and one row per link token', async () => {
    const { database } = await databaseBefore(dialect);
    await migrateToLatest(database, { keys: testAppKeys() });
    const { db } = database;
    const user = await insertTestUser(db);
    const now = new Date().toISOString();
    const row = {
      user_id: user.id,
      purpose: 'verify' as const,
      code_hash: 'c',
      created_at: now,
      expires_at: now,
    };
    await db
      .insertInto('email_codes')
      .values({ ...row, token_hash: 't1' })
      .execute();
    await expect(
      db
        .insertInto('email_codes')
        .values({ ...row, token_hash: 't1' })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('email_codes')
      .values({ ...row, token_hash: null })
      .execute();
    await db
      .insertInto('email_codes')
      .values({ ...row, token_hash: null })
      .execute();
    expect(await db.selectFrom('email_codes').select('tries').execute()).toEqual([
      { tries: 0 },
      { tries: 0 },
      { tries: 0 },
    ]);
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await db.selectFrom('email_codes').selectAll().execute()).toEqual([]);
  });
});
