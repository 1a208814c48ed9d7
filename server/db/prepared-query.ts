import { type Compilable, type CompiledQuery, createQueryId, type QueryResult, RawNode } from 'kysely';
import type { DbOrTx } from './database.js';
import { readNow } from './direct-reads.js';

/**
 * Prepared queries with named parameters, in the design of kysely-params: the query is written once with
 * `param('email')` where a value goes, built and compiled once per dialect (per Kysely adapter, which a
 * database shares with its transactions), and then run with an object of values. Building and compiling a
 * Kysely query (a tree of frozen nodes, visited) costs more than running a small query by index; the
 * request path's reads skip it (docs/decisions/151-one-contained-fast-lane.md).
 *
 *   const byEmail = prepare((db, param: Param<{ email: string }>) =>
 *     db.selectFrom('users').select(['id']).where('email', '=', param('email')));
 *   const rows = await byEmail.rows(db, { email });
 *
 * Every value in the query must be a named parameter: a value written into the query (a constant, a
 * value the build closed over) fails at the first call, so nothing baked into the compiled text can ever be
 * replayed with a later call. A call with a parameter missing, an unknown name, or a list fails too.
 */
export interface PreparedQuery<P, R> {
  /** The rows: on SQLite outside a transaction read at once (direct-reads.ts), else through Kysely. */
  rows(db: DbOrTx, values: P): Promise<R[]>;
  /** Runs it through Kysely (writes: affected rows, an insert's returned rows). */
  execute(db: DbOrTx, values: P): Promise<QueryResult<R>>;
  /** The compiled query with these values. */
  compile(db: DbOrTx, values: P): CompiledQuery<R>;
}

/** Where a value goes: `param('email')` stands for `values.email`, typed as it. */
export type Param<P> = <K extends keyof P & string>(name: K) => P[K];

/** A named parameter in a query: Kysely passes it through as a value, found again among the compiled ones. */
class Placeholder {
  constructor(readonly name: string) {}
}

const param = (name: string) => new Placeholder(name) as never;

/** A query compiled once: its text, its node (immutable, shared by every call), and each value's name. */
interface Compiled {
  sql: string;
  node: RawNode;
  /** The parameter name of each of the text's values, in order; a name used twice is here twice. */
  slots: readonly string[];
  /** The distinct names, which a call's values must be exactly. */
  names: ReadonlySet<string>;
}

export function prepare<P extends object, R>(
  build: (db: DbOrTx, param: Param<P>) => Compilable<R>,
): PreparedQuery<P, R> {
  const byAdapter = new WeakMap<object, Compiled>();
  const compile = (db: DbOrTx, values: P): CompiledQuery<R> => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = withNamedSlots(build(db, param).compile());
      byAdapter.set(adapter, compiled);
    }
    return {
      sql: compiled.sql,
      query: compiled.node,
      parameters: valuesOf(compiled, values as Record<string, unknown>),
      queryId: createQueryId(),
    };
  };
  return {
    compile,
    async rows(db, values) {
      const query = compile(db, values);
      return readNow<R>(db, query) ?? (await db.executeQuery(query)).rows;
    },
    execute: (db, values) => db.executeQuery(compile(db, values)),
  };
}

function withNamedSlots({ sql, parameters }: CompiledQuery): Compiled {
  const slots = parameters.map((value) => {
    if (value instanceof Placeholder) return value.name;
    throw new Error(
      `A prepared query takes every value as a named parameter, param('…'); this one has ${String(value)} written into it: ${sql}`,
    );
  });
  return { sql, node: RawNode.createWithSql(sql), slots, names: new Set(slots) };
}

/** A call's values in the order of the text's parameters; a missing, unknown or list value fails loudly. */
function valuesOf({ sql, slots, names }: Compiled, values: Record<string, unknown>): unknown[] {
  let given = 0;
  for (const name in values) {
    if (!names.has(name)) throw new Error(`A prepared query has no parameter "${name}": ${sql}`);
    given += 1;
  }
  if (given !== names.size) {
    const missing = [...names].filter((name) => !(name in values));
    throw new Error(`A prepared query needs the parameters ${missing.join(', ')}: ${sql}`);
  }
  const parameters = new Array<unknown>(slots.length);
  for (let i = 0; i < slots.length; i += 1) {
    const value = values[slots[i]!];
    if (value === undefined || Array.isArray(value))
      throw new Error(
        `A prepared query's parameter "${slots[i]}" must be one value, not ${String(value)}: ${sql}`,
      );
    parameters[i] = value;
  }
  return parameters;
}
