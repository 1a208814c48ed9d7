import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { testAppKeys } from '../test/helper.js';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

const newPath = () => {
  folder = mkdtempSync(join(tmpdir(), 'bullapp-db-'));
  return join(folder, 'data', 'app.sqlite');
};

/** Opens the file from another process, as a second instance or the sqlite3 shell would; its error or 'opened'. */
function openFromAnotherProcess(path: string): string {
  const script = `const Database = require('better-sqlite3');
    const db = new Database(process.argv[1], { timeout: 0 });
    try { db.prepare('select count(*) from sqlite_master').get(); console.log('opened'); }
    catch (error) { console.log(error.code); }`;
  return execFileSync(process.execPath, ['-e', script, path], { encoding: 'utf8' }).trim();
}

describe('openDatabase on SQLite', () => {
  it('creates the database, its WAL file and its folder readable by the owner only, whatever the umask', async () => {
    const path = newPath();
    const umask = process.umask(0o022);
    try {
      const database = openDatabase(`sqlite:${path}`);
      // Migrating writes (the audit key's table included), so the -wal file exists.
      await migrateToLatest(database, { keys: testAppKeys() });
      await database.db.insertInto('app_secrets').values({ name: 'probe', value: 'x' }).execute();
      expect(modeOf(path)).toBe(0o600);
      expect(modeOf(`${path}-wal`)).toBe(0o600);
      // Held exclusively, the log's index is in the process's memory: there is no -shm file to protect.
      expect(existsSync(`${path}-shm`)).toBe(false);
      expect(modeOf(join(folder!, 'data'))).toBe(0o700);
      await database.close();
    } finally {
      process.umask(umask);
    }
  });

  it('holds the file alone: another process cannot read it, a second app is told why it cannot start', async () => {
    const path = newPath();
    const database = openDatabase(`sqlite:${path}`);
    try {
      await migrateToLatest(database, { keys: testAppKeys() });
      expect(openFromAnotherProcess(path)).toBe('SQLITE_BUSY');
      expect(() => openDatabase(`sqlite:${path}`)).toThrow(
        `The SQLite database ${path} is in use by another process (another instance of the app?). The app holds its SQLite file alone: run one instance, set SQLITE_LOCKING=normal to share the file, or use PostgreSQL for several instances.`,
      );
    } finally {
      await database.close();
    }
    // Closed, the file is free again.
    expect(openFromAnotherProcess(path)).toBe('opened');
  });

  it('with SQLITE_LOCKING=normal, shares the file with other processes (its -shm file owner-only too)', async () => {
    const path = newPath();
    const umask = process.umask(0o022);
    const first = openDatabase(`sqlite:${path}`, { sqliteLocking: 'normal' });
    const second = openDatabase(`sqlite:${path}`, { sqliteLocking: 'normal' });
    try {
      await migrateToLatest(first, { keys: testAppKeys() });
      await first.db.insertInto('app_secrets').values({ name: 'probe', value: 'x' }).execute();
      const rows = await second.db
        .selectFrom('app_secrets')
        .select('value')
        .where('name', '=', 'probe')
        .execute();
      expect(rows).toEqual([{ value: 'x' }]);
      expect(openFromAnotherProcess(path)).toBe('opened');
      expect(modeOf(`${path}-shm`)).toBe(0o600);
    } finally {
      process.umask(umask);
      await second.close();
      await first.close();
    }
  });
});
