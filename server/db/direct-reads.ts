import type SqliteDatabase from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * Reads that skip Kysely on SQLite (docs/decisions/094, 095, 099, 151): a read runs at once on the one
 * connection when no transaction is open on it, with statements of its own in raw mode and row objects
 * built by a function generated per statement. On a Bearer call this saves 10–15 µs of CPU (Kysely's
 * connection lock, a chain of promises, and better-sqlite3 building each row key by key through V8's API).
 * PostgreSQL, a transaction handle, an open transaction and a statement that writes go through Kysely.
 */

/** A query as Kysely compiles it: its SQL text and values. */
interface Read {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

type DirectReader = (sql: string, parameters: readonly unknown[]) => unknown[] | null;

const directReaders = new WeakMap<object, DirectReader>();

/** At most this many statements are kept: the texts are the request path's prepared reads, a handful. */
const READER_CACHE_SIZE = 100;

/** Lets `readNow` read at once on this SQLite connection, the one under `db`. */
export function readDirectly(db: Kysely<Database>, connection: SqliteDatabase.Database): void {
  const readers = rawReaderCache(connection);
  directReaders.set(db, (sql, parameters) => {
    // Inside a transaction (another request's, on this one connection) the read waits its turn.
    if (connection.inTransaction) return null;
    const statement = readers.prepare(sql);
    return statement ? rowObjects(statement, parameters) : null;
  });
}

/**
 * The rows of a read, run at once on SQLite's one connection when no transaction is open on it, or null
 * (PostgreSQL, a transaction handle, a transaction open, a statement that writes): then the caller goes
 * through Kysely. better-sqlite3 runs a statement synchronously, start to end, so outside a transaction a
 * read here sees exactly what it would see queued behind Kysely's connection lock: every write that has
 * completed, none that has not.
 */
export function readNow<R>(db: Kysely<Database> | Transaction<Database>, query: Read): R[] | null {
  const reader = directReaders.get(db);
  return reader ? (reader(query.sql, query.parameters) as R[] | null) : null;
}

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
    // A quoted key in a literal is set as better-sqlite3 13 sets it (`__proto__` included: it sets the
    // prototype, as the Node-API build does on every Node; the parity test holds it to that).
    const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
    // The generated text holds JSON-quoted column names of our own SQL and nothing else.
    build = new Function('values', `return { ${fields} };`) as RowBuilder;
    rowBuilders.set(statement, build);
  }
  return build;
}

/**
 * The rows of a read as objects keyed by column name, exactly as `statement.all` gives them, built here from
 * the statement's arrays (raw mode). The statement is the direct reads' own, in raw mode for good: Kysely's
 * statements stay in object mode.
 */
function rowObjects(statement: SqliteDatabase.Statement, parameters: readonly unknown[]): unknown[] {
  // The values as arguments, not one array: better-sqlite3 binds an array element by element through V8's
  // API. Kysely's values are plain (numbers, strings, null, Buffers), never an object that better-sqlite3
  // would take for named parameters, and a read has a few.
  const rows = statement.all(...parameters) as unknown[][];
  return rows.map(rowBuilderFor(statement));
}

/**
 * The direct reads' statements, prepared once per SQL text and set to raw mode once: null for a text that
 * writes. Separate from Kysely's cache, so no statement switches mode around each read and no read reorders
 * Kysely's cache.
 */
function rawReaderCache(connection: SqliteDatabase.Database) {
  const readers = new Map<string, SqliteDatabase.Statement | null>();
  return {
    prepare(sql: string): SqliteDatabase.Statement | null {
      let statement = readers.get(sql);
      if (statement === undefined) {
        const prepared = connection.prepare(sql);
        statement = prepared.reader ? prepared.raw(true) : null;
        if (readers.size >= READER_CACHE_SIZE) readers.delete(readers.keys().next().value!);
        readers.set(sql, statement);
      }
      return statement;
    },
  };
}
