import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/database.js';

export const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Deletes rows past their deadline and says how many; `at` is the current time as ISO text. */
export type Sweep = (db: DbOrTx, at: string) => Promise<number>;

/** Sweeps that features contribute (expired sessions, spent reset links), run together. */
export class Housekeeping {
  private readonly sweeps = new Map<string, Sweep>();

  add(name: string, sweep: Sweep) {
    this.sweeps.set(name, sweep);
  }

  /** Runs every sweep once; the counts are keyed by the names the sweeps were added under. */
  async sweep(db: DbOrTx, now = new Date()): Promise<Record<string, number>> {
    const at = now.toISOString();
    const deleted: Record<string, number> = {};
    for (const [name, sweep] of this.sweeps) deleted[name] = await sweep(db, at);
    return deleted;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

/**
 * Without a sweep, sessions nobody presents again and old reset rows would stay forever. Every instance
 * sweeps at start and then hourly; the deletes are idempotent, so instances need not coordinate.
 */
async function housekeepingPlugin(app: FastifyInstance) {
  const housekeeping = new Housekeeping();
  app.decorate('housekeeping', housekeeping);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = housekeeping.sweep(app.database.db).then(
      (deleted) => {
        if (Object.values(deleted).some((count) => count > 0))
          app.log.info({ deleted }, 'expired rows deleted');
      },
      (error: unknown) => app.log.warn({ err: error }, 'could not delete expired rows'),
    );
    return running;
  };
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(housekeepingPlugin, { name: 'housekeeping', dependencies: ['app-context'] });
