import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testAppKeys, testDatabases } from '../test/helper.js';
import { openDatabase as openAppDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const openDatabase = testDatabases();

describe('SQLite parameters written +? (decision 200)', () => {
  it('every value of a query compiled for SQLite is written +?, so its plan is made once', async () => {
    const { db } = await openDatabase('sqlite', { migrated: false });
    const { sql, parameters } = db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('sessions.token_hash', '=', 'hash')
      .where('users.role', 'in', [0, 1])
      .limit(5)
      .compile();
    expect(parameters).toEqual(['hash', 0, 1, 5]);
    expect(sql).toContain('"sessions"."token_hash" = +?');
    expect(sql).toContain('in (+?, +?)');
    expect(sql).toContain('limit +?');
    expect(sql.replaceAll('+?', '')).not.toContain('?');
  });

  it('finds the same rows as a bare ? for every kind of value and comparison', () => {
    const connection = new SqliteDatabase(':memory:');
    connection.exec(`create table t (i integer, s text, b blob, r real, n);
      insert into t values (1, '1', x'01', 1.5, null), (2, 'a_b', x'02', 2.0, 'x'), (10, '10', null, null, 3);
      create index t_s on t (s);`);
    const cases: [string, unknown[]][] = [
      ['i = ?', ['1']],
      ['s = ?', [1n]],
      ['s = ?', [10n]],
      ['b = ?', [Buffer.from([1])]],
      ['r = ?', [2]],
      ['n is ?', [null]],
      ['n = ?', [3]],
      ["s like ? escape '\\'", ['a\\_%']],
      ['i in (?, ?)', [2, '10']],
      ['i between ? and ?', ['1', 2]],
      ['1 order by i limit ? offset ?', [2, 1]],
    ];
    for (const [where, values] of cases) {
      const bare = connection
        .prepare(`select i from t where ${where}`)
        .pluck()
        .all(...values);
      const plus = connection
        .prepare(`select i from t where ${where.replaceAll('?', '+?')}`)
        .pluck()
        .all(...values);
      expect(plus, where).toEqual(bare);
      expect(bare.length, `${where} finds something`).toBeGreaterThan(0);
    }
    connection.close();
  });

  it('still finds a row by its index', () => {
    const connection = new SqliteDatabase(':memory:');
    connection.exec('create table t (id integer primary key, s text unique)');
    const plan = connection.prepare('explain query plan select id from t where s = +?').all('x') as {
      detail: string;
    }[];
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/SEARCH t USING COVERING INDEX/);
    connection.close();
  });
});

describe('SQLite transactions begin immediate (decision 204)', () => {
  it('hold the write lock from their first read, so a second writer on the file waits and this one commits', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bullapp-immediate-'));
    const file = join(folder, 'app.sqlite');
    // Normal locking: another connection may open the file (SQLITE_LOCKING=normal, the admin command).
    const database = openAppDatabase(`sqlite:${file}`, { sqliteLocking: 'normal' });
    const other = new SqliteDatabase(file, { timeout: 0 });
    try {
      await migrateToLatest(database, { keys: testAppKeys() });
      const event = (subject: string) =>
        `insert into audit_events (at, event, subject) values ('2026-12-02T00:00:00.000Z', 'sign_in', '${subject}')`;
      await database.db.transaction().execute(async (tx) => {
        await sql`select count(*) from users`.execute(tx);
        // A deferred begin would hold a read snapshot only: this write would commit, and the write below
        // would then fail with SQLITE_BUSY_SNAPSHOT.
        expect(() => other.prepare(event('other')).run()).toThrow(/database is locked/);
        await sql.raw(event('ours')).execute(tx);
      });
      expect(other.prepare('select subject from audit_events').pluck().all()).toEqual(['ours']);
    } finally {
      other.close();
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
