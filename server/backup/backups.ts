import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';

/** Backups are named so that their names sort by time: `app-2026-11-26T18-00-00-000Z.sqlite`. */
const BACKUP_NAME = /^app-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;

export interface BackupSettings {
  dir: string;
  keep: number;
}

/**
 * Online backups of the SQLite database, from inside the process that holds it. Each is written under a
 * temporary name and renamed when whole, so a crash mid-copy never leaves a file that looks like a backup;
 * the oldest beyond `keep` are removed. Files are 0600 and the folder 0700: a backup holds what the
 * database holds.
 */
export class Backups {
  private running: Promise<string> | null = null;

  constructor(
    private readonly backupTo: (file: string) => Promise<void>,
    private readonly settings: BackupSettings,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Takes one now (a second call while one runs shares it); resolves to the backup's path. */
  takeNow(): Promise<string> {
    this.running ??= this.take().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The backups kept, oldest first. */
  async list(): Promise<string[]> {
    const dir = resolve(this.settings.dir);
    const names = await readdir(dir).catch(() => [] as string[]);
    return names
      .filter((name) => BACKUP_NAME.test(name))
      .sort()
      .map((name) => join(dir, name));
  }

  private async take(): Promise<string> {
    const dir = resolve(this.settings.dir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `app-${this.now().toISOString().replaceAll(':', '-').replace('.', '-')}.sqlite`);
    const partial = `${file}.partial`;
    try {
      await this.backupTo(partial);
      await chmod(partial, 0o600);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const kept = await this.list();
    for (const old of kept.slice(0, Math.max(0, kept.length - this.settings.keep)))
      await rm(old, { force: true });
    this.log.info({ backup: file }, `database backed up to ${file}`);
    return file;
  }
}

/** The backups of this configuration, or null when there is nothing to back up from inside the process. */
export function backupsFor(
  database: DatabaseHandle,
  settings: BackupSettings | null,
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>,
): Backups | null {
  if (!settings) return null;
  if (!database.backupTo) {
    log.warn('BACKUP_DIR is for SQLite; back PostgreSQL up with pg_dump or your host (docs/operations.md)');
    return null;
  }
  return new Backups((file) => database.backupTo!(file), settings, log);
}
