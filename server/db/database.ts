import { closeSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import { readDirectly } from './direct-reads.js';
import { KeptPlanSqliteDialect } from './sqlite-dialect.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** What repositories take first: the database or a transaction on it. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * Called after a deletion that must leave nothing to read back (an account, an old e-mail address).
   * SQLite: secure_delete has zeroed the freed bytes in the pages, but the pages' older images are still in
   * the write-ahead log until a checkpoint, so the log is copied back and truncated to nothing. PostgreSQL:
   * nothing to do here; the rows are gone at commit and autovacuum reuses their space (docs/privacy.md).
   */
  eraseDeleted(): Promise<void>;
  /**
   * SQLite only: an online copy of the whole database into `file` (SQLite's backup API on the app's own
   * connection, so the file stays held exclusively and writes made meanwhile are in the copy). PostgreSQL:
   * absent; its backups are pg_dump's or the host's (docs/operations.md).
   */
  backupTo?(file: string): Promise<void>;
  close(): Promise<void>;
}

export function sqlitePathOf(url: string): string | null {
  const match = /^(?:sqlite|file):(.*)$/.exec(url);
  return match ? (match[1] ?? '') : null;
}

/**
 * How the app holds an SQLite file. `exclusive` (the default): this process alone, for as long as it runs;
 * a query then costs no lock or file-size system calls, the largest part of a small read. `normal`: other
 * processes may open the file too (the sqlite3 shell's online `.backup`, a second process on one file).
 * See docs/decisions/095-sqlite-held-exclusively.md.
 */
export type SqliteLocking = 'exclusive' | 'normal';

export function openDatabase(
  url: string,
  { sqliteLocking = 'exclusive' }: { sqliteLocking?: SqliteLocking } = {},
): DatabaseHandle {
  const sqlitePath = sqlitePathOf(url);
  if (sqlitePath !== null) return openSqlite(sqlitePath, sqliteLocking);
  return openPostgres(url);
}

/**
 * The database holds password hashes and the audit key: its folder is made 0700 and the file 0600 before
 * SQLite opens it, whatever the umask. SQLite gives its -wal and -shm files the mode of the database file.
 * Existing files keep their mode (docs/operations.md says how to tighten them).
 */
function createPrivately(path: string) {
  mkdirSync(dirname(resolve(path)), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
}

/**
 * Takes the file for this process alone: the mode is set before the first access, so the write-ahead log's
 * index lives in this process's memory (no -shm file, no lock on it per query), and an empty exclusive
 * transaction takes the lock at once, so a second process fails now, with a sentence, not at its first write.
 */
function holdExclusively(connection: SqliteDatabase.Database, path: string) {
  connection.pragma('locking_mode = EXCLUSIVE');
  try {
    connection.exec('begin exclusive; commit');
  } catch (error) {
    connection.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY')
      throw new Error(
        `The SQLite database ${path} is in use by another process (another instance of the app?). The app holds its SQLite file alone: run one instance, set SQLITE_LOCKING=normal to share the file, or use PostgreSQL for several instances.`,
        { cause: error },
      );
    throw error;
  }
}

function openSqlite(path: string, locking: SqliteLocking): DatabaseHandle {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) createPrivately(path);
  // A second process on an exclusively held file is told at once instead of after the usual wait.
  const connection = new SqliteDatabase(inMemory ? ':memory:' : path, {
    timeout: locking === 'exclusive' ? 0 : 5000,
  });
  if (locking === 'exclusive') holdExclusively(connection, path);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // WAL makes NORMAL durable across application crashes; only an OS crash can lose the last commits.
  connection.pragma('synchronous = NORMAL');
  // Deleted rows are overwritten with zeros, not just unlinked: a deleted e-mail is not left in free space.
  connection.pragma('secure_delete = ON');
  const statements = withStatementCache(connection);
  const db = new Kysely<Database>({ dialect: new KeptPlanSqliteDialect({ database: statements }) });
  // The request path's reads skip Kysely outside transactions (direct-reads.ts).
  readDirectly(db, connection);
  return {
    db,
    dialect: 'sqlite',
    // Through Kysely, so it waits for the statement or transaction under way on the one connection.
    eraseDeleted: async () => void (await sql`pragma wal_checkpoint(truncate)`.execute(db)),
    backupTo: async (file) => void (await connection.backup(file)),
    close: () => db.destroy(),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small query: keep the compiled
 * statements of the most recent distinct SQL texts (values are parameters, so the set of texts is small).
 */
function withStatementCache(connection: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = connection.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

// pg is loaded when the configuration names PostgreSQL, not at every start (the cold-start figure, decision 161).
const require = createRequire(import.meta.url);

function openPostgres(url: string): DatabaseHandle {
  const { Pool } = require('pg') as typeof pg;
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A client that loses its server emits 'error'; without a listener that would crash the process. The
  // pool covers idle clients, and this listener clients that are checked out (a query in flight learns of
  // the failure through its own promise).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return { db, dialect: 'postgres', eraseDeleted: async () => {}, close: () => db.destroy() };
}
