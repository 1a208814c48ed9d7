import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backupsFor, type Backups } from './backups.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Online SQLite backups with BACKUP_DIR set; null otherwise. */
    backups: Backups | null;
  }
}

/** With BACKUP_DIR: a backup every BACKUP_INTERVAL_MINUTES, the first one interval after start. */
async function backupsPlugin(app: FastifyInstance) {
  const { backup } = app.config;
  const backups = backupsFor(app.database, backup && { dir: backup.dir, keep: backup.keep }, app.log);
  app.decorate('backups', backups);
  if (!backups || !backup) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      backups.takeNow().catch((error: unknown) => app.log.error({ err: error }, 'database backup failed'));
    }, backup.intervalMinutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(backupsPlugin, { name: 'backups', dependencies: ['config', 'app-context'] });
