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

/** What /readyz asks; the app context adds the database's check first, then Redis's when it is used. */
async function readinessPlugin(app: FastifyInstance) {
  app.decorate('readiness', new Readiness());
}

export default fp(readinessPlugin, { name: 'readiness' });
