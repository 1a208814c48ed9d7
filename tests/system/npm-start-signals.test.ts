import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, freePort } from '../support/server-process.js';

// `npm start` as a supervisor or a container runtime runs it: the signal goes to the npm process alone, not
// to its process group (DESIGN section 17). npm hands SIGTERM and SIGINT on to the shell that runs the
// script, and waits for it; whatever that shell started must end too, or it keeps serving with the SQLite
// file locked while the supervisor believes the app stopped.
const root = fileURLToPath(new URL('../..', import.meta.url));
// The server's own forced exit is 10 s after the signal; the rest is room for a busy machine.
const EXIT_DEADLINE_MS = 30_000;

let folder: string | undefined;
let npm: ChildProcess | undefined;
afterEach(() => {
  // npm runs in a process group of its own (detached), so this also ends a server it left behind.
  if (npm?.pid) {
    try {
      process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  }
  npm = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// `npm start` builds when there is no build; build here, where there is time for it, not in the test.
beforeAll(ensureBuild, 600_000);

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`npm start did not become ready:\n${output()}`);
}

async function portIsFree(port: number): Promise<boolean> {
  const probe = net.createServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('listening', () => resolve(true));
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1');
  });
  if (free) await new Promise((resolve) => probe.close(resolve));
  return free;
}

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
      const child = spawn('npm', ['start'], {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
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
      npm = child;
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

      await waitForReady(`http://127.0.0.1:${port}`, child, () => output);
      expect(takeWriteLock(file), 'the running server holds its SQLite file').not.toBeNull();

      process.kill(child.pid!, signal);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'still running'>((resolve) => {
        timer = setTimeout(() => resolve('still running'), EXIT_DEADLINE_MS);
      });
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);

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
