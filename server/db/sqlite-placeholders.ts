import { SqliteDialect, SqliteQueryCompiler, type QueryCompiler } from 'kysely';

/**
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

export class KeptPlanSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new KeptPlanCompiler();
  }
}
