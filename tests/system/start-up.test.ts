import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, ServerProcess } from '../support/server-process.js';

let folder: string | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('starting the server', () => {
  it('with no settings at all, creates data/app.sqlite under the working directory and serves', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-start-'));
    server = new ServerProcess(await freePort(), {}, folder);
    await server.start();
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(existsSync(join(folder, 'data', 'app.sqlite'))).toBe(true);
  });

  it('with a bad setting, exits 1 within seconds naming every bad variable', async () => {
    server = new ServerProcess(await freePort(), { PORT: 'abc', SUPPORT_EMAIL: 'nobody' });
    const started = Date.now();
    await expect(server.start()).rejects.toThrow(/exited early/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.exitCode).toBe(1);
    expect(server.output).toContain('PORT must be a whole number from 1 to 65535 (got "abc")');
    expect(server.output).toContain('SUPPORT_EMAIL must be an e-mail address');
  });
});
