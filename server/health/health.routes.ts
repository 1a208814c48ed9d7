import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../contract/error-body.js';
import { healthReplySchema, readyReplySchema, type ReadyReply } from '../../contract/health.js';
import type { ReadinessName } from './readiness.plugin.js';
import { API_PATHS } from '../../contract/api-paths.js';

interface ReadinessCheck {
  name: ReadinessName;
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

/** /healthz and /readyz; readiness asks every check added to `app.readiness` by the time of the call. */
async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    API_PATHS.health,
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthReplySchema } } },
    async () => ({ status: 'ok' as const }),
  );
  routes.get(
    API_PATHS.ready,
    {
      schema: {
        tags: ['health'],
        summary: 'The database (and Redis when configured) answer',
        response: { 200: readyReplySchema, 503: readyReplySchema.or(errorBodySchema) },
      },
    },
    async (_request, reply) => {
      const results = await Promise.all(
        app.readiness.entries().map(async (check) => [check.name, await passes(check)] as const),
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

export default fp(healthRoutes, { name: 'health', dependencies: ['readiness'] });
