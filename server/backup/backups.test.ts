import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpDatabase } from '../test/accounts.js';
import { buildTestApp, type TestApp } from '../test/helper.js';

const run = promisify(execFile);
const restoreScript = join(import.meta.dirname, '../../scripts/restore.mjs');

let current: TestApp | undefined;
const folders: string[] = [];
afterEach(async () => {
  await current?.close();
  current = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** An app whose backups go to a folder of the test's own (sign-ups unthrottled, to write under load). */
async function appWithBackups(keep = 48) {
  const backupDir = mkdtempSync(join(tmpdir(), 'bullapp-backups-'));
  folders.push(backupDir);
  current = await buildTestApp({
    env: { BACKUP_DIR: backupDir, BACKUP_KEEP: String(keep) },
    rateLimits: { settings: { signUpPerIp: { limit: 10_000, windowMs: 60_000 } } },
  });
  await current.app.ready();
  return current;
}

async function restore(file: string, databaseFile: string) {
  try {
    const { stdout } = await run(process.execPath, [restoreScript, file], {
      env: { ...process.env, DATABASE_URL: `sqlite:${databaseFile}` },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

async function signUp(app: TestApp['app'], n: number) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    payload: { user: { email: `person-${n}@example.com`, password: 'a long enough passphrase' } },
  });
  expect(reply.statusCode).toBe(201);
}

describe('online SQLite backups (BACKUP_DIR) and npm run restore', () => {
  it('take a backup while sign-ups write, and restore it into a fresh folder with every row', async () => {
    const { app, folder } = await appWithBackups(2);
    for (let n = 0; n < 20; n++) await signUp(app, n);

    // Sign-ups keep writing, one after the other, from before the copy starts until it is made.
    let writing = true;
    let written = 20;
    const writer = (async () => {
      while (writing) {
        await signUp(app, written);
        written += 1;
      }
    })();
    while (written < 22) await new Promise((resolve) => setTimeout(resolve, 5));
    const file = await app.backups!.takeNow();
    writing = false;
    await writer;

    expect(statSync(file).mode & 0o777).toBe(0o600);
    const restored = join(folder, 'fresh', 'app.sqlite');
    mkdirSync(join(folder, 'fresh'));
    const result = await restore(file, restored);
    expect(result.output).toContain('Restored');
    expect(result.code).toBe(0);

    const live = await dumpDatabase(app);
    const copy = new Database(restored, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      for (const [table, rows] of Object.entries(live)) {
        const restoredRows = copy.prepare(`select * from ${table}`).all() as Record<string, unknown>[];
        // Every row the backup holds is the app's row, whole; rows written after the copy may be missing.
        for (const row of restoredRows) expect(rows).toContainEqual(row);
        if (table === 'users') {
          expect(restoredRows.length).toBeGreaterThanOrEqual(20);
          expect(restoredRows.length).toBeLessThanOrEqual(written);
        }
      }
    } finally {
      copy.close();
    }
  });

  it('keeps BACKUP_KEEP backups, oldest removed first', async () => {
    const { app } = await appWithBackups(2);
    const taken = [];
    for (let n = 0; n < 3; n++) {
      taken.push(await app.backups!.takeNow());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await app.backups!.list()).toEqual(taken.slice(1));
  });

  it('refuses to restore over a database the app still holds, and anything that is not a backup', async () => {
    const { app, folder } = await appWithBackups();
    const file = await app.backups!.takeNow();
    const held = await restore(file, join(folder, 'app.sqlite'));
    expect(held).toEqual({ code: 1, output: expect.stringContaining('is in use: stop the app first') });

    const junk = join(folder, 'junk.sqlite');
    writeFileSync(junk, 'not a database');
    const notOne = await restore(junk, join(folder, 'other', 'app.sqlite'));
    expect(notOne).toEqual({ code: 1, output: expect.stringContaining('is not an SQLite database') });
    expect(existsSync(join(folder, 'other', 'app.sqlite'))).toBe(false);
    expect((await restore(join(folder, 'missing.sqlite'), junk)).output).toContain('there is no file');
  });
});
