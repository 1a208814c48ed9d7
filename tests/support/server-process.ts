import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const main = join(root, 'server', 'main.ts');
const builtMain = join(root, 'dist', 'server', 'main.js');
// By file URL, so the server can also run from another working directory (where `data/` then goes).
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Builds the app when there is no build or the sources changed (as `npm start` would); for a `beforeAll`. */
export function ensureBuild(): void {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed; see the messages above.');
}

/**
 * The server in a process of its own, for crash and restart tests: the same entry as `npm start`
 * (server/main.ts), run from source through tsx so the tests need no build.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  output = '';
  /**
   * 'build': dist/server/main.js, as `npm start` runs it (after `ensureBuild()`), for tests of what the
   * process does with its stdout and stderr: from source, tsx may start an esbuild service that inherits
   * stderr, and a child's stdio is made blocking before it starts, which also makes the server's own log
   * writes blocking when stdout and stderr are one pipe.
   */
  runFrom: 'source' | 'build' = 'source';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly cwd = root,
    /** Where stdout and stderr go (a pipe the test controls); by default the test reads them into `output`. */
    private readonly outputTo: Writable | null = null,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get exitCode(): number | null {
    return this.child?.exitCode ?? null;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    const entry = this.runFrom === 'build' ? [builtMain] : ['--import', tsxLoader, main];
    const child = spawn(process.execPath, entry, {
      cwd: this.cwd,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${this.port}`,
        LOG_LEVEL: 'info',
        ...this.env,
      },
      stdio: this.outputTo ? ['ignore', this.outputTo, this.outputTo] : ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server exited early:\n${this.output}`);
      try {
        if ((await fetch(`${this.url}/readyz`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The server did not become ready in ${timeoutMs} ms:\n${this.output}`);
  }

  /** Sends a signal and waits at most `timeoutMs` for the process to end: its exit code, or 'still running'. */
  async signalAndWait(signal: NodeJS.Signals, timeoutMs: number): Promise<number | null | 'still running'> {
    const child = this.child;
    if (!child) throw new Error('The server is not running.');
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = once(child, 'exit').then(([code]) => code as number | null);
    child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'still running'>((resolve) => {
      timer = setTimeout(() => resolve('still running'), timeoutMs);
    });
    const outcome = await Promise.race([exited, late]);
    clearTimeout(timer);
    return outcome;
  }

  /** Sends a signal and waits for the process to end; returns its exit code (null when killed). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = once(child, 'exit');
    child.kill(signal);
    const [code] = (await exited) as [number | null];
    this.child = null;
    return code;
  }
}
