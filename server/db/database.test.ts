import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('openDatabase on SQLite', () => {
  it('creates the database, its WAL files and its folder readable by the owner only, whatever the umask', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-db-'));
    const path = join(folder, 'data', 'app.sqlite');
    const umask = process.umask(0o022);
    try {
      const database = openDatabase(`sqlite:${path}`);
      // Migrating writes (the audit key's table included), so the -wal and -shm files exist.
      await migrateToLatest(database);
      await database.db.insertInto('app_secrets').values({ name: 'probe', value: 'x' }).execute();
      expect(modeOf(path)).toBe(0o600);
      expect(modeOf(`${path}-wal`)).toBe(0o600);
      expect(modeOf(`${path}-shm`)).toBe(0o600);
      expect(modeOf(join(folder, 'data'))).toBe(0o700);
      await database.close();
    } finally {
      process.umask(umask);
    }
  });
});
