import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { AppContext, OwnedAppContext } from './app-context.js';
import type { DatabaseHandle } from './db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one context: what features read (server/app-context.ts). */
    ctx: AppContext;
    /** The database handle, for the building blocks' own plugins (housekeeping, readiness, keys). */
    database: DatabaseHandle;
  }
}

/** Puts the context built by buildApp on the app, adds its readiness checks, and closes it with the app. */
async function appContextPlugin(app: FastifyInstance, { owned }: { owned: OwnedAppContext }) {
  app.decorate('ctx', owned.ctx);
  app.decorate('database', owned.database);
  app.readiness.add('database', async () => void (await sql`select 1`.execute(owned.database.db)));
  for (const { name, check } of owned.readinessChecks) app.readiness.add(name, check);
  app.addHook('onClose', () => owned.close());
}

export default fp(appContextPlugin, { name: 'app-context', dependencies: ['config', 'readiness'] });
