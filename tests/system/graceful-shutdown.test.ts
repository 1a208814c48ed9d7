import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, ServerProcess } from '../support/server-process.js';

interface LogLine {
  reqId?: string;
  msg?: string;
  res?: { statusCode: number };
}

let folder: string | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('SIGTERM under steady load', () => {
  it('finishes every request it accepted, then exits 0', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-graceful-'));
    server = new ServerProcess(await freePort(), { DATABASE_URL: `sqlite:${join(folder, 'app.sqlite')}` });
    await server.start();
    const url = `${server.url}/readyz`;

    let stopping = false;
    const outcomes: string[] = [];
    const worker = async () => {
      while (!stopping) {
        try {
          const reply = await fetch(url);
          outcomes.push(String(reply.status));
        } catch {
          // Refused after the listener closed: never accepted, so the balancer would retry elsewhere.
          outcomes.push('refused');
          stopping = true;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exitCode = await server.stop('SIGTERM');
    stopping = true;
    await load;

    expect(exitCode).toBe(0);
    expect(outcomes.filter((outcome) => outcome === '200').length).toBeGreaterThan(10);
    expect(outcomes.filter((outcome) => outcome !== '200' && outcome !== 'refused')).toEqual([]);

    // The server's own account: every request it logged as incoming was completed with a success.
    const lines = server.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
    const incoming = new Set(lines.filter((l) => l.msg === 'incoming request').map((l) => l.reqId));
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed.length).toBe(incoming.size);
    expect(completed.filter((l) => (l.res?.statusCode ?? 500) >= 500)).toEqual([]);
  });
});
