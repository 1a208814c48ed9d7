import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route's reply serialiser now; each is otherwise compiled at its first reply. */
    compileReplySerializers(): void;
  }
}

/** A route's reply schema as JSON Schema: a zod schema converted, anything else taken as it is. */
export function replyJsonSchema(schema: unknown): Record<string, unknown> {
  if (!(schema instanceof z.ZodType)) return schema as Record<string, unknown>;
  // A reply without a body (204): nothing is ever serialised. Any other type JSON Schema cannot say fails
  // when the serialiser is compiled rather than being written unchecked.
  if (schema instanceof z.ZodUndefined) return { type: 'null' };
  // The shape of what the handler returns ('output'); draft-07 is the dialect fast-json-stringify's Ajv reads.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
  return json;
}

type Serialize = (data: unknown) => string;

/**
 * Replies are written by a serialiser compiled once per route and status from the reply's schema
 * (fast-json-stringify, Fastify's own), not checked and stringified by zod on every reply. It writes only the
 * properties the schema names: a field the handler adds by mistake (a password hash) never reaches the wire;
 * a required field that is missing fails the reply (a 500) instead of sending half an answer.
 *
 * Each is compiled at its route's first reply, or by `compileAll()`, not before the app listens: compiling
 * them all took a fifth of the cold start (decision 171). A test compiles every route's, so a schema
 * fast-json-stringify refuses still fails in the suite, not at a first reply.
 */
export class ReplySerializers {
  private readonly pending = new Set<() => Serialize>();

  readonly compiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
    let serialize: Serialize | undefined;
    const compile = () => {
      serialize ??= fastJson(replyJsonSchema(schema)) as Serialize;
      this.pending.delete(compile);
      return serialize;
    };
    this.pending.add(compile);
    return (data) => (serialize ?? compile())(data);
  };

  /** Compiles every serialiser not compiled yet; throws the first schema fast-json-stringify refuses. */
  compileAll(): void {
    for (const compile of this.pending) compile();
  }
}
