import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * The server in a process of its own, for crash and restart tests: the same entry as `npm start`
 * (server/main.ts), run from source through tsx so the tests need no build.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${this.port}`,
        LOG_LEVEL: 'info',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
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
