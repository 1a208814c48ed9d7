import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertTestUser } from '../test/fixtures.js';
import { createTestDatabase, testAppKeys, testDialects } from '../test/helper.js';
import { credentialsByEmail, findUserByEmail, findUserById, insertUser } from './users.repository.js';

let folder: string | undefined;
let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe.each(testDialects)('account reads (%s)', (dialect) => {
  it('select no password hash; the one credential read does', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-users-'));
    database = openDatabase((await createTestDatabase(dialect, folder)).url);
    await migrateToLatest(database, { keys: testAppKeys() });
    const { db } = database;
    const { id } = await insertTestUser(db, { passwordHash: 'the-hash' });
    const now = new Date().toISOString();
    const inserted = await insertUser(db, {
      email: 'grace@example.com',
      password_hash: 'another-hash',
      role: 0,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    });
    for (const account of [
      await findUserByEmail(db, 'ada@example.com'),
      await findUserById(db, id),
      inserted,
    ])
      expect(Object.keys(account ?? {}).sort()).toEqual(
        ['created_at', 'email', 'id', 'password_changed_at', 'role', 'updated_at'].sort(),
      );
    expect(await credentialsByEmail(db, 'ada@example.com')).toMatchObject({ id, password_hash: 'the-hash' });
    expect(await credentialsByEmail(db, 'nobody@example.com')).toBeNull();
  });
});
