import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** What repositories take first: the database or a transaction on it. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export function sqlitePathOf(url: string): string | null {
  const match = /^(?:sqlite|file):(.*)$/.exec(url);
  return match ? (match[1] ?? '') : null;
}

export function openDatabase(url: string): DatabaseHandle {
  const sqlitePath = sqlitePathOf(url);
  if (sqlitePath !== null) return openSqlite(sqlitePath);
  return openPostgres(url);
}

function openSqlite(path: string): DatabaseHandle {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const connection = new SqliteDatabase(inMemory ? ':memory:' : path);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // WAL makes NORMAL durable across application crashes; only an OS crash can lose the last commits.
  connection.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
