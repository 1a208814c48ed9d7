import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../contract/errors.js';
import { healthReplySchema, readyReplySchema, type ReadyReply } from '../../contract/health.js';
import type { Db } from '../db/database.js';

export interface ReadinessCheck {
  name: 'database' | 'redis';
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2000;

async function passes(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check.check(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function databaseCheck(db: Db): ReadinessCheck {
  return { name: 'database', check: async () => void (await sql`select 1`.execute(db)) };
}

export async function healthRoutes(app: FastifyInstance, { checks }: { checks: ReadinessCheck[] }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthReplySchema } } },
    async () => ({ status: 'ok' as const }),
  );
  routes.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database (and Redis when configured) answer',
        response: { 200: readyReplySchema, 503: readyReplySchema.or(errorBodySchema) },
      },
    },
    async (_request, reply) => {
      const results = await Promise.all(
        checks.map(async (check) => [check.name, await passes(check)] as const),
      );
      const body: ReadyReply = {
        status: results.every(([, up]) => up) ? 'ready' : 'unavailable',
        checks: { database: 'down' },
      };
      for (const [name, up] of results) body.checks[name] = up ? 'up' : 'down';
      return reply.code(body.status === 'ready' ? 200 : 503).send(body);
    },
  );
}
