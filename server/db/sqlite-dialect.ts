import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
  type QueryCompiler,
} from 'kysely';
import type { DbOrTx } from './database.js';

/**
 * The app's SQLite dialect: parameters written `+?`, and transactions that begin IMMEDIATE.
 *
 * SQLite with every parameter written `+?` instead of `?` (docs/decisions/200-sqlite-plans-kept.md).
 *
 * SQLite 3.54 (better-sqlite3 13) marks a statement to be planned again whenever a parameter the planner
 * looked at is bound anew: `x = ?` as a filter of any candidate plan is enough (`whereLoopOutputAdjust`
 * asks whether the value is 0 or 1). better-sqlite3 clears the bindings after every run, and
 * `sqlite3_clear_bindings` expires such a statement outright, so each run of the session lookup or of a
 * user's subscriptions parsed and planned its SQL again: about 6–10 µs of CPU each, three times on a Bearer
 * call. The planner only looks through a bare parameter; unary plus is a no-op on every value (no affinity,
 * no collation of its own, index lookups still use it), and behind it the plan stays the one made once.
 */
class KeptPlanCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

/**
 * Every transaction begins IMMEDIATE: it holds SQLite's write lock from its first statement (decision 204).
 * A deferred `begin` takes the lock at the first write, and when another connection (the admin command, a
 * second process on a file opened with normal locking) committed after this transaction's first read,
 * that write fails at once with SQLITE_BUSY_SNAPSHOT instead of waiting. Holding the lock from the start
 * also makes a read inside a transaction a check that nothing can change before the commit, so a sign-in
 * checks its password row with a read, not a write that rewrites the row's page.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class KeptPlanSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionsDriver(this.#config);
  }

  override createQueryCompiler(): QueryCompiler {
    return new KeptPlanCompiler();
  }
}

/** Whether this database or transaction is SQLite's (the few statements that differ by dialect ask). */
export const isSqlite = (db: DbOrTx): boolean => db.getExecutor().adapter instanceof SqliteAdapter;
