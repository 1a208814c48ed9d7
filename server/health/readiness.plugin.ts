import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type ReadinessName = 'database' | 'redis';

/** What /readyz asks: each piece that talks to a server adds its check under the name of that server. */
export class Readiness {
  private readonly checks = new Map<ReadinessName, Array<() => Promise<void>>>();

  add(name: ReadinessName, check: () => Promise<void>) {
    this.checks.set(name, [...(this.checks.get(name) ?? []), check]);
  }

  /** One entry per name (the database first): it passes when every check added under it passes. */
  entries(): Array<{ name: ReadinessName; check: () => Promise<void> }> {
    return [...this.checks].map(([name, checks]) => ({
      name,
      check: async () => void (await Promise.all(checks.map((check) => check()))),
    }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

async function readinessPlugin(app: FastifyInstance) {
  const readiness = new Readiness();
  readiness.add('database', async () => void (await sql`select 1`.execute(app.database.db)));
  app.decorate('readiness', readiness);
}

export default fp(readinessPlugin, { name: 'readiness', dependencies: ['database'] });
