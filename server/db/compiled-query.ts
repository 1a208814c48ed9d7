import { type CompiledQuery, type Compilable, createQueryId, RawNode } from 'kysely';
import { type DbOrTx, readNow } from './database.js';

/**
 * A query of the request path whose SQL is built once per dialect instead of on every call: Kysely's
 * building and compiling (a tree of frozen nodes, visited) costs more than running a small query by index.
 * `build` makes the query from its parameters; its SQL text is kept per adapter (shared by a database and
 * its transactions) and later calls send that text with the new values. The text is kept only once the
 * compiled parameters are seen to be exactly `params`, in order, so a value baked into the text, a list
 * that changes length or a parameter used twice can never be replayed with the wrong values.
 *
 * A query whose values are often equal (an insert's `created_at` and `last_used_at`) gives `sample`: values
 * of the parameters' types that all differ. The text is then compiled from the sample, checked the same
 * way, and kept at the first call, whatever that call's values.
 */
export function compiledOnce<P extends unknown[], R>(
  build: (db: DbOrTx, ...params: P) => Compilable<R>,
  sample?: P,
): (db: DbOrTx, ...params: P) => CompiledQuery<R> {
  // The SQL text and its node, per adapter: the node is immutable (Kysely freezes it), so each call's query
  // shares it and brings only its values, instead of `CompiledQuery.raw` freezing five new objects a call.
  const texts = new WeakMap<object, Kept>();
  const keep = (adapter: object, sql: string): Kept => {
    const kept = { sql, query: RawNode.createWithSql(sql) };
    texts.set(adapter, kept);
    return kept;
  };
  return (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    const text = texts.get(adapter);
    if (text !== undefined) return withValues(text, params);
    if (sample) {
      const { sql } = checked(build(db, ...sample).compile(), sample);
      if (new Set(sample).size !== sample.length)
        throw new Error(`The sample of a query compiled once must hold values that all differ: ${sql}`);
      return withValues(keep(adapter, sql), params);
    }
    const compiled = checked(build(db, ...params).compile(), params);
    // Equal values could hide two parameters in swapped places: keep the text only when all differ.
    if (new Set(params).size === params.length) keep(adapter, compiled.sql);
    return compiled;
  };
}

/** A text compiled once and its node. */
interface Kept {
  sql: string;
  query: RawNode;
}

/** A kept text's query with a call's values. */
function withValues<R>({ sql, query }: Kept, parameters: unknown[]): CompiledQuery<R> {
  return { sql, query, parameters, queryId: createQueryId() };
}

/** The compiled query, if its parameters are exactly `params`, in order. */
function checked<R>(compiled: CompiledQuery<R>, params: readonly unknown[]): CompiledQuery<R> {
  const { parameters } = compiled;
  if (parameters.length !== params.length || parameters.some((value, i) => value !== params[i]))
    throw new Error(`A query compiled once must take exactly its parameters, in order: ${compiled.sql}`);
  return compiled;
}

/** The rows of a read compiled once: at once on SQLite when it can (`readNow`), else through Kysely. */
export async function rowsOf<R>(db: DbOrTx, query: CompiledQuery<R>): Promise<R[]> {
  return readNow(db, query) ?? (await db.executeQuery(query)).rows;
}
