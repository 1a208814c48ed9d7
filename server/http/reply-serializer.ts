import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** A route's reply schema as JSON Schema: a zod schema converted, anything else taken as it is. */
export function replyJsonSchema(schema: unknown): Record<string, unknown> {
  if (!(schema instanceof z.ZodType)) return schema as Record<string, unknown>;
  // A reply without a body (204): nothing is ever serialised. Any other type JSON Schema cannot say fails
  // at start rather than being written unchecked.
  if (schema instanceof z.ZodUndefined) return { type: 'null' };
  // The shape of what the handler returns ('output'); draft-07 is the dialect fast-json-stringify's Ajv reads.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
  return json;
}

/**
 * Replies are written by a serialiser compiled once per route and status from the reply's schema
 * (fast-json-stringify, Fastify's own), not checked and stringified by zod on every reply. It writes only the
 * properties the schema names: a field the handler adds by mistake (a password hash) never reaches the wire;
 * a required field that is missing fails the reply (a 500) instead of sending half an answer.
 */
export const replySerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(replyJsonSchema(schema)) as (data: unknown) => string;
