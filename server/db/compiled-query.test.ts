import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testAppKeys, testDialects } from '../test/helper.js';
import { compiledOnce, rowsOf } from './compiled-query.js';
import { type DatabaseHandle, type DbOrTx, openDatabase, readNow } from './database.js';
import { migrateToLatest } from './migrate.js';

let folder: string | undefined;
let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

const secretNamed = compiledOnce((db: DbOrTx, name: string) =>
  db.selectFrom('app_secrets').select(['name', 'value']).where('name', '=', name),
);

describe.each(testDialects)('queries compiled once (%s)', (dialect) => {
  async function open() {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-compiled-'));
    database = openDatabase((await createTestDatabase(dialect, folder)).url);
    await migrateToLatest(database, { keys: testAppKeys() });
    await database.db
      .insertInto('app_secrets')
      .values([
        { name: 'first', value: 'one' },
        { name: 'second', value: 'two' },
      ])
      .execute();
    return database.db;
  }

  it('reuses the SQL text with each call’s own values', async () => {
    const db = await open();
    const first = secretNamed(db, 'first');
    const second = secretNamed(db, 'second');
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual(['second']);
    expect(await rowsOf(db, first)).toEqual([{ name: 'first', value: 'one' }]);
    expect(await rowsOf(db, second)).toEqual([{ name: 'second', value: 'two' }]);
    expect(await rowsOf(db, secretNamed(db, 'none'))).toEqual([]);
    // Later calls share the text's node and bring only their values and a query id of their own.
    const third = secretNamed(db, 'third');
    expect(third.query).toBe(second.query);
    expect(third.queryId).not.toBe(second.queryId);
    expect(Object.isFrozen(third.query)).toBe(true);
  });

  it('refuses a query whose compiled parameters are not exactly its own', async () => {
    const db = await open();
    const twice = compiledOnce((tx: DbOrTx, name: string) =>
      tx.selectFrom('app_secrets').selectAll().where('name', '=', name).where('value', '!=', name),
    );
    expect(() => twice(db, 'first')).toThrow(/exactly its parameters/);
  });

  it('with a sample, keeps the text whatever the values, equal ones included; a sample must differ', async () => {
    const db = await open();
    const named = compiledOnce(
      (tx: DbOrTx, name: string, value: string) =>
        tx.selectFrom('app_secrets').select('name').where('name', '=', name).where('value', '!=', value),
      ['a name', 'a value'],
    );
    const first = named(db, 'first', 'first');
    expect(first.parameters).toEqual(['first', 'first']);
    expect(named(db, 'second', 'second').query).toBe(first.query);
    expect(await rowsOf(db, named(db, 'first', 'first'))).toEqual([{ name: 'first' }]);
    expect(await rowsOf(db, named(db, 'first', 'one'))).toEqual([]);
    const alike = compiledOnce(
      (tx: DbOrTx, name: string, value: string) =>
        tx.selectFrom('app_secrets').select('name').where('name', '=', name).where('value', '=', value),
      ['same', 'same'],
    );
    expect(() => alike(db, 'first', 'one')).toThrow(/all differ/);
  });

  it('reads at once on SQLite only (PostgreSQL has a pool of connections and no lock to skip)', async () => {
    const db = await open();
    const now = readNow(db, secretNamed(db, 'first'));
    expect(now).toEqual(dialect === 'sqlite' ? [{ name: 'first', value: 'one' }] : null);
  });

  it('reads in a transaction through the transaction, and sees what it wrote', async () => {
    const db = await open();
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('app_secrets').set({ value: 'changed' }).where('name', '=', 'first').execute();
      expect(readNow(tx, secretNamed(tx, 'first'))).toBeNull();
      expect(await rowsOf(tx, secretNamed(tx, 'first'))).toEqual([{ name: 'first', value: 'changed' }]);
    });
    expect(await rowsOf(db, secretNamed(db, 'first'))).toEqual([{ name: 'first', value: 'changed' }]);
  });
});

describe('reads at once on SQLite', () => {
  it('outside a transaction only; a read during another call’s transaction waits for it to commit', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-compiled-'));
    database = openDatabase(`sqlite:${join(folder, 'app.sqlite')}`);
    await migrateToLatest(database, { keys: testAppKeys() });
    const { db } = database;
    await db.insertInto('app_secrets').values({ name: 'first', value: 'one' }).execute();
    expect(readNow(db, secretNamed(db, 'first'))).toEqual([{ name: 'first', value: 'one' }]);

    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (tx) => {
      await tx.updateTable('app_secrets').set({ value: 'uncommitted' }).where('name', '=', 'first').execute();
      inside();
      await held;
      await tx.updateTable('app_secrets').set({ value: 'committed' }).where('name', '=', 'first').execute();
    });
    await opened;
    // The one connection is inside another call's transaction: no read at once, and the queued read sees
    // the committed value, never the uncommitted one.
    expect(readNow(db, secretNamed(db, 'first'))).toBeNull();
    const read = rowsOf(db, secretNamed(db, 'first'));
    release();
    await transaction;
    expect(await read).toEqual([{ name: 'first', value: 'committed' }]);
  });

  it('builds the same row objects as better-sqlite3: every type, odd names, a repeated name, __proto__', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-compiled-'));
    database = openDatabase(`sqlite:${join(folder, 'app.sqlite')}`);
    const { db } = database;
    const query = CompiledQuery.raw(
      `select 1 as "a", 2 as "a", null as "b", ? as "text", 3.5 as "n", x'00ff' as "blob",
        'q' as "we""ird", 'p' as "__proto__", 'c' as "constructor", 'k' as "0"
       union all select 4, 5, 'x', ?, -1, x'', '', '', '', ''`,
      ["it's", 'second'],
    );
    const direct = readNow(db, query);
    // Through Kysely, better-sqlite3 makes the objects itself.
    const { rows } = await db.executeQuery(query);
    expect(direct).toEqual(rows);
    expect(direct?.[0]).toStrictEqual(rows[0]);
    const first = direct?.[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    // As better-sqlite3 does: the later of two equal names wins, and `__proto__` is no field of its own.
    expect(Object.keys(first)).toEqual(Object.keys(rows[0] as object));
    expect(Object.keys(first)).toEqual(['0', 'a', 'b', 'text', 'n', 'blob', 'we"ird', 'constructor']);
    expect(first.a).toBe(2);
  });
});
