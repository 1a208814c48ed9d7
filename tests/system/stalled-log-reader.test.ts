import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, freePort, ServerProcess } from '../support/server-process.js';

// A log collector: `cat` reads the server's stdout and stderr from one pipe. Stopped (SIGSTOP), it
// stops reading, as a hung collector would; the pipe fills and every further write would wait.
let reader: ChildProcess | undefined;
let folder: string | undefined;
let server: ServerProcess | undefined;
// The server as `npm start` runs it, from the build: from source, tsx's esbuild service (started on a cold
// transform cache) inherits the pipe as its stderr and leaves it blocking (see ServerProcess.runFrom), and the
// server then waits on the stalled reader, as no production process would.
beforeAll(ensureBuild, 600_000);
afterEach(async () => {
  await server?.stop('SIGKILL');
  if (reader?.pid && reader.exitCode === null) {
    process.kill(reader.pid, 'SIGCONT');
    reader.kill('SIGKILL');
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const WARM_UP = 1000;
const REQUESTS = 2000;
// Each request logs its URL, so each one puts this many bytes into the log.
const PADDING = 'x'.repeat(8000);
const SHUTDOWN_GRACE_MS = 10_000;
// A server that blocked on its log output would never answer: each request fails after this instead of
// the test waiting for its own timeout.
const REPLY_TIMEOUT_MS = 10_000;
const healthz = (url: string) =>
  fetch(`${url}/healthz?padding=${PADDING}`, { signal: AbortSignal.timeout(REPLY_TIMEOUT_MS) });

function rssBytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(line) * 1024;
}

async function waitUntil(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
}

describe.skipIf(process.platform !== 'linux')('a log reader that stops reading', () => {
  it('neither grows the server without bound nor keeps SIGTERM from ending it', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-stalled-log-'));
    reader = spawn('cat', [], { stdio: ['pipe', 'pipe', 'ignore'] });
    let collected = '';
    reader.stdout!.on('data', (chunk: Buffer) => (collected += chunk.toString()));
    server = new ServerProcess(
      await freePort(),
      {
        DATABASE_URL: `sqlite:${join(folder, 'app.sqlite')}`,
        LOG_LEVEL: 'info',
        // A young generation of fixed size (1 MB semi-spaces, V8's starting size): left free, it may grow to
        // 16 MB semi-spaces in the middle of the measured load, and RSS with it, logs or no logs.
        NODE_OPTIONS: '--max-old-space-size=96 --max-semi-space-size=1',
      },
      undefined,
      reader.stdin!,
    );
    server.runFrom = 'build';
    await server.start();
    expect(await waitUntil(() => collected.includes('is ready at'), 10_000)).toBe(true);

    process.kill(reader.pid!, 'SIGSTOP');
    // Warm up first: the heap of a busy server grows for a while whatever its logging does.
    const load = async (requests: number) => {
      const deadline = Date.now() + 60_000;
      let sent = 0;
      const worker = async () => {
        while (sent < requests && Date.now() < deadline) {
          sent += 1;
          const reply = await healthz(server!.url);
          expect(reply.status).toBe(200);
          await reply.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      expect(sent).toBe(requests);
    };
    await load(WARM_UP);
    const warm = rssBytes(server.pid!);
    await load(REQUESTS);
    const growth = rssBytes(server.pid!) - warm;
    // Meanwhile the server logged about 16 MB; holding it all, it would have grown by at least that.
    expect(growth).toBeLessThan((REQUESTS * PADDING.length) / 2);

    // The collector comes back: what was kept arrives, and a line says how many lines were dropped.
    process.kill(reader.pid!, 'SIGCONT');
    expect(
      await waitUntil(() => /dropped \d+ log lines/.test(collected), 10_000),
      collected.slice(-300),
    ).toBe(true);

    // It hangs again, for good; SIGTERM still ends the server within its forced-exit window.
    process.kill(reader.pid!, 'SIGSTOP');
    for (let n = 0; n < 50; n += 1) await (await healthz(server.url)).arrayBuffer();
    expect(await server.signalAndWait('SIGTERM', SHUTDOWN_GRACE_MS + 5_000)).not.toBe('still running');
  }, 240_000);
});
