import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testAppKeys, testDialects } from '../test/helper.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

const onPostgres = testDialects.includes('postgres');
let handles: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  handles = [];
});

async function migratedSchema(): Promise<DatabaseHandle> {
  const { url } = await createTestDatabase('postgres', mkdtempSync(join(tmpdir(), 'bullapp-introspect-')));
  const handle = openDatabase(url);
  handles.push(handle);
  await migrateToLatest(handle, { keys: testAppKeys() });
  return handle;
}

describe.runIf(onPostgres)('introspection on PostgreSQL', () => {
  it("lists the connection's own tables only, not another schema's of the same name", async () => {
    const ours = await migratedSchema();
    const theirs = await migratedSchema();
    const tables = await ours.db.introspection.getTables({ withInternalKyselyTables: true });
    const names = tables.map((table) => table.name);
    expect(names).toContain('users');
    expect(names).toContain('kysely_migration');
    expect(new Set(names).size).toBe(names.length);
    const [ourSchema] = await ours.db.introspection.getSchemas();
    const [theirSchema] = await theirs.db.introspection.getSchemas();
    expect(ourSchema?.name).not.toBe(theirSchema?.name);
    expect(tables.every((table) => table.schema === ourSchema?.name)).toBe(true);
    const users = tables.find((table) => table.name === 'users');
    expect(users?.columns.find((column) => column.name === 'id')?.isAutoIncrementing).toBe(true);
    expect(users?.columns.find((column) => column.name === 'email')?.isNullable).toBe(false);
  });

  it('migrates while other schemas on the server are created and dropped', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    let churning = true;
    const churn = (async () => {
      for (let round = 0; churning && round < 200; round += 1) {
        const name = `churn_${process.pid}_${round}`;
        await admin.query(`create schema ${name}`);
        await admin.query(`create table ${name}.t (id serial primary key)`);
        await admin.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let run = 0; run < 3; run += 1) {
        const handle = await migratedSchema();
        expect(await migrateToLatest(handle, { keys: testAppKeys() })).toEqual([]);
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
  });
});
