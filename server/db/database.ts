import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  const rawReaders = withRawReaderCache(connection);
  directReaders.set(db, (sql, parameters) => {
    // Inside a transaction (another request's, on this one connection) the read waits its turn.
    if (connection.inTransaction) return null;
    const statement = rawReaders.prepare(sql);
    return statement ? rowObjects(statement, parameters) : null;
  });
  return {
    db,
    dialect: 'sqlite',
    // Through Kysely, so it waits for the statement or transaction under way on the one connection.
    eraseDeleted: async () => void (await sql`pragma wal_checkpoint(truncate)`.execute(db)),
    close: () => db.destroy(),
  };
}

type DirectReader = (sql: string, parameters: readonly unknown[]) => unknown[] | null;

const directReaders = new WeakMap<object, DirectReader>();

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

const rowBuilders = new WeakMap<SqliteDatabase.Statement, RowBuilder>();

/**
 * A function that makes one row object from a statement's array of values: an object literal with the
 * statement's column names in order (later duplicates win, as in better-sqlite3's own objects). Generated
 * once per statement from its column names alone (JSON-quoted), so every row of a statement has the same
 * shape and the engine builds it in one step; a loop setting keys one by one would be shared by every
 * statement's shapes and slow at all of them.
 */
function rowBuilderFor(statement: SqliteDatabase.Statement): RowBuilder {
  let build = rowBuilders.get(statement);
  if (!build) {
    const names = statement.columns().map((column) => column.name);
    // A quoted key in a literal is set as better-sqlite3 sets it. `__proto__` is the exception: quoted, it would
    // set the prototype, but better-sqlite3 on Node 22 and later defines it as a field of its own; computed, so
    // is it here.
    const key = (name: string) => (name === '__proto__' ? '["__proto__"]' : JSON.stringify(name));
    const fields = names.map((name, i) => `${key(name)}: values[${i}]`).join(', ');
    // The generated text holds JSON-quoted column names of our own SQL and nothing else.
    build = new Function('values', `return { ${fields} };`) as RowBuilder;
    rowBuilders.set(statement, build);
  }
  return build;
}

/**
 * The rows of a read as objects keyed by column name, exactly as `statement.all` gives them, built here from
 * the statement's arrays (raw mode): better-sqlite3 makes each row object key by key through V8's API, which
 * costs more than the query itself on the request path. The statement is the direct readers' own, in raw
 * mode for good (`withRawReaderCache`): Kysely's statements stay in object mode.
 */
function rowObjects(statement: SqliteDatabase.Statement, parameters: readonly unknown[]): unknown[] {
  // The values as arguments, not one array: better-sqlite3 binds an array element by element through V8's
  // API (5 µs of a token sign-in on a slow machine). Kysely's values are plain (numbers, strings, null,
  // Buffers), never an object that better-sqlite3 would take for named parameters, and a read has a few.
  const rows = statement.all(...parameters) as unknown[][];
  return rows.map(rowBuilderFor(statement));
}

/**
 * The direct readers' statements, prepared once per SQL text and set to raw mode once: null for a text that
 * writes. Separate from Kysely's cache, so no statement switches mode around each read (two calls into
 * better-sqlite3 each time) and no read reorders Kysely's cache. Its texts are the request path's reads
 * compiled once (`compiledOnce`), a handful; it is bounded all the same.
 */
function withRawReaderCache(connection: SqliteDatabase.Database) {
  const readers = new Map<string, SqliteDatabase.Statement | null>();
  return {
    prepare(sql: string): SqliteDatabase.Statement | null {
      let statement = readers.get(sql);
      if (statement === undefined) {
        const prepared = connection.prepare(sql);
        statement = prepared.reader ? prepared.raw(true) : null;
        if (readers.size >= STATEMENT_CACHE_SIZE) readers.delete(readers.keys().next().value!);
        readers.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * The rows of a read, run at once on SQLite's one connection when no transaction is open on it, or null
 * (PostgreSQL, a transaction handle, a transaction open, a statement that writes): then the caller goes
 * through Kysely. better-sqlite3 runs a statement synchronously, start to end, so outside a transaction a
 * read here sees exactly what it would see queued behind Kysely's connection lock: every write that has
 * completed, none that has not. It skips the lock's promises, a cost of every query on the request path.
 */
export function readNow<R>(db: DbOrTx, query: CompiledQuery<R>): R[] | null {
  const reader = directReaders.get(db);
  return reader ? (reader(query.sql, query.parameters) as R[] | null) : null;
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

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A client that loses its server emits 'error'; without a listener that would crash the process. The
  // pool covers idle clients, and this listener clients that are checked out (a query in flight learns of
  // the failure through its own promise).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return { db, dialect: 'postgres', eraseDeleted: async () => {}, close: () => db.destroy() };
}
