import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readNow } from './direct-reads.js';
import { testDatabases } from '../test/helper.js';

const openDatabase = testDatabases();

const secretNamed = (name: string) =>
  CompiledQuery.raw('select "name", "value" from "app_secrets" where "name" = ?', [name]);

describe('reads at once on SQLite', () => {
  it('outside a transaction only; a read during another call’s transaction waits for it to commit', async () => {
    const handle = await openDatabase('sqlite');
    const { db } = handle;
    await db.insertInto('app_secrets').values({ name: 'first', value: 'one' }).execute();
    expect(readNow(db, secretNamed('first'))).toEqual([{ name: 'first', value: 'one' }]);

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
    expect(readNow(db, secretNamed('first'))).toBeNull();
    const read = db.executeQuery(secretNamed('first'));
    release();
    await transaction;
    expect((await read).rows).toEqual([{ name: 'first', value: 'committed' }]);
  });

  it('leaves a statement that writes to Kysely', async () => {
    const handle = await openDatabase('sqlite');
    const write = CompiledQuery.raw('insert into "app_secrets" ("name", "value") values (?, ?)', ['a', 'b']);
    expect(readNow(handle.db, write)).toBeNull();
    expect(readNow(handle.db, secretNamed('a'))).toEqual([]);
  });

  it('builds the same row objects as better-sqlite3: every type, odd names, a repeated name, __proto__', async () => {
    const { db } = await openDatabase('sqlite', { migrated: false });
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
    // As better-sqlite3 13 does: the later of two equal names wins, and `__proto__` is no field of its own.
    expect(Object.keys(first)).toEqual(Object.keys(rows[0] as object));
    expect(Object.keys(first)).toEqual(['0', 'a', 'b', 'text', 'n', 'blob', 'we"ird', 'constructor']);
    expect(first.a).toBe(2);
  });
});
