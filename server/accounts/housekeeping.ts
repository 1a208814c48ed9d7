import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/database.js';
import { deleteExpiredResets } from '../password-resets/password-resets.repository.js';
import { deleteExpiredSessions } from '../sessions/sessions.repository.js';

export const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Deletes sessions and reset links past their deadline; they can never be used again. */
export async function sweepExpired(
  db: DbOrTx,
  now = new Date(),
): Promise<{ sessions: number; resets: number }> {
  const at = now.toISOString();
  return { sessions: await deleteExpiredSessions(db, at), resets: await deleteExpiredResets(db, at) };
}

/**
 * Without a sweep, sessions nobody presents again and old reset rows would stay forever. Every instance
 * sweeps at start and then hourly; the deletes are idempotent, so instances need not coordinate.
 */
export function scheduleHousekeeping(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = sweepExpired(app.database.db).then(
      (deleted) => {
        if (deleted.sessions || deleted.resets)
          app.log.info({ deleted }, 'expired sessions and reset links deleted');
      },
      (error: unknown) => app.log.warn({ err: error }, 'could not delete expired sessions'),
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
