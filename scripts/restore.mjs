// `npm run restore -- <backup file>`: puts a backup of BACKUP_DIR in place of the SQLite database of
// DATABASE_URL, while the app is stopped. The database it replaces is kept beside it, renamed.
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';

function fail(message) {
  console.error(`restore: ${message}`);
  process.exit(1);
}

const [backup] = process.argv.slice(2);
if (!backup) fail('name the backup to restore: npm run restore -- <file> (the files are in BACKUP_DIR)');
if (!existsSync(backup)) fail(`there is no file ${backup}`);

const url = process.env.DATABASE_URL?.trim() || 'sqlite:./data/app.sqlite';
const match = /^(?:sqlite|file):(.+)$/.exec(url);
if (!match)
  fail('DATABASE_URL is not an SQLite file: restore PostgreSQL with pg_restore (docs/operations.md)');
const target = resolve(match[1]);

// The backup must be a whole database of this app before anything is touched.
try {
  const copy = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    const [check] = copy.pragma('integrity_check', { simple: false });
    if (check?.integrity_check !== 'ok') fail(`${backup} is damaged: ${check?.integrity_check}`);
    const users = copy
      .prepare("select name from sqlite_master where type = 'table' and name = 'users'")
      .get();
    if (!users) fail(`${backup} is an SQLite file, but not a database of this app`);
  } finally {
    copy.close();
  }
} catch (error) {
  fail(`${backup} is not an SQLite database (${error.message})`);
}

// An app still holding the database would go on with its own copy in memory and its write-ahead log.
if (existsSync(target)) {
  const current = new Database(target, { timeout: 0 });
  try {
    current.exec('begin exclusive; commit');
  } catch (error) {
    if (error.code === 'SQLITE_BUSY') fail(`${target} is in use: stop the app first, then restore`);
    throw error;
  } finally {
    current.close();
  }
}

const stamp = new Date().toISOString().replaceAll(':', '-');
const incoming = `${target}.restoring`;
copyFileSync(backup, incoming);
chmodSync(incoming, 0o600);
if (existsSync(target)) {
  const kept = `${target}.before-restore-${stamp}`;
  renameSync(target, kept);
  // Its write-ahead log (left by a crash) goes with it, so the kept copy is whole.
  if (existsSync(`${target}-wal`)) renameSync(`${target}-wal`, `${kept}-wal`);
  console.log(`The database it replaces is kept as ${kept}`);
}
rmSync(`${target}-wal`, { force: true });
rmSync(`${target}-shm`, { force: true });
renameSync(incoming, target);
console.log(`Restored ${backup} to ${target} (${dirname(target)}). Start the app to use it.`);
// The keys that seal its secrets are not in the database (decision 156): without them it opens nothing.
if (!process.env.APP_KEYS && !existsSync(`${target}.keys`))
  console.log(
    `There is no key file ${target}.keys: copy the one of the server the backup came from there (mode 0600), or set APP_KEYS, before you start the app.`,
  );
