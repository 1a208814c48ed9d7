import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
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

const now = new Date().toISOString();
const sessionRow = (userId: number, tokenHash: string) => ({
  user_id: userId,
  token_hash: tokenHash,
  created_at: now,
  last_used_at: now,
  expires_at: now,
  user_agent: null,
  kind: 'password',
  pending: 0,
});

describe.each(testDialects)('the session public ids migration on %s', (dialect) => {
  it('gives every session from before a random public id of its own, and keeps them unique', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bullapp-public-ids-'));
    const database = openDatabase((await createTestDatabase(dialect, folder)).url);
    open = { database, folder };
    const schema =
      dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
            ?.schema
        : undefined;
    const before = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrationsFor(dialect, { keys: testAppKeys() }) },
      migrationTableSchema: schema,
    });
    expect((await before.migrateTo('2026-11-22-passkeys')).error).toBeUndefined();
    const user = await insertTestUser(database.db);
    // Written as the app wrote them before the migration, when sessions had no public id.
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db
      .insertInto('sessions')
      .values([sessionRow(Number(user.id), 'h1'), sessionRow(Number(user.id), 'h2')])
      .execute();

    expect(await migrateToLatest(database, { keys: testAppKeys() })).toContain(
      '2026-11-22-session-public-ids',
    );

    const rows = await database.db.selectFrom('sessions').select(['public_id', 'token_hash']).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.public_id).toMatch(/^[0-9a-f]{32}$/);
      expect(row.public_id).not.toContain(row.token_hash);
    }
    expect(rows[0]!.public_id).not.toBe(rows[1]!.public_id);
    await expect(
      database.db
        .insertInto('sessions')
        .values({ ...sessionRow(Number(user.id), 'h3'), kind: 'password', public_id: rows[0]!.public_id })
        .execute(),
    ).rejects.toThrow();
  });
});
