import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  killGroup,
  portIsFree,
  signalAndWait,
  startNpm,
  waitForReady,
  type NpmProcess,
} from '../support/npm-process.js';
import { ensureBuild, freePort } from '../support/server-process.js';

// `npm start` as a supervisor or a container runtime runs it: the signal goes to the npm process alone, not
// to its process group (DESIGN section 17). npm hands SIGTERM and SIGINT on to the shell that runs the
// script, and waits for it; whatever that shell started must end too, or it keeps serving with the SQLite
// file locked while the supervisor believes the app stopped.
const root = fileURLToPath(new URL('../..', import.meta.url));
// The server's own forced exit is 10 s after the signal; the rest is room for a busy machine.
const EXIT_DEADLINE_MS = 30_000;

let folder: string | undefined;
let npm: NpmProcess | undefined;
afterEach(() => {
  // npm runs in a process group of its own (detached), so this also ends a server it left behind.
  killGroup(npm);
  npm = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// `npm start` builds when there is no build; build here, where there is time for it, not in the test.
beforeAll(ensureBuild, 600_000);

/** Takes SQLite's write lock on the file, at once or not at all: null when it could, else the error. */
function takeWriteLock(file: string): string | null {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { timeout: 0 });
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'ends the server gracefully on %s sent to the npm process alone, freeing its port and database',
    async (signal) => {
      folder = mkdtempSync(join(tmpdir(), 'bullapp-npm-start-'));
      const port = await freePort();
      const file = join(folder, 'app.sqlite');
      npm = startNpm('npm', ['start'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? folder,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: `sqlite:${file}`,
          OUTBOX_DIR: join(folder, 'outbox'),
          LOG_LEVEL: 'info',
        },
      });
      await waitForReady(`http://127.0.0.1:${port}`, npm, 120_000);
      expect(takeWriteLock(file), 'the running server holds its SQLite file').not.toBeNull();

      const outcome = await signalAndWait(npm, signal, EXIT_DEADLINE_MS);
      const output = npm.output();

      expect(outcome, output).not.toBe('still running');
      // Once npm has ended, so has the server: a supervisor may start the next one straight away.
      expect(await portIsFree(port), `port ${port} still taken after npm ended:\n${output}`).toBe(true);
      expect(takeWriteLock(file), 'the SQLite file is still locked after npm ended').toBeNull();
      // Graceful: the server finished on its own (exit 0), not through its forced exit or a kill.
      expect(outcome, output).toEqual([0, null]);
      expect(output).toContain('shutting down');
    },
    EXIT_DEADLINE_MS + 150_000,
  );
});
