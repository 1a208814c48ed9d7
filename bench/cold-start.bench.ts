// Cold start: from spawning the process to the first 200 from GET /readyz, the built app (dist/server/main.js,
// what `npm run serve` and `npm start` run; plain Node, no loader) on SQLite with the default configuration,
// against a bare Fastify 5 process (bare-fastify-start.mjs) started the same way, in alternating rounds. The
// app's database is migrated by an unmeasured first start, so each round is a restart, as after a deploy.
// Decision 161.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Bench, percentile } from './bench.js';
import { freePort } from '../tests/support/server-process.js';
import { report } from './figures.js';

const ROUNDS = Number(process.env.BENCH_COLD_START_ROUNDS ?? 7);
const POLL_MS = 5;
const appMain = fileURLToPath(new URL('../dist/server/main.js', import.meta.url));
const bareFastify = fileURLToPath(new URL('./bare-fastify-start.mjs', import.meta.url));

/** Milliseconds from spawn to the first 200 of /readyz; then ends the process (SIGTERM) and waits for it. */
async function coldStart(entry: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (reply) => reply.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function run() {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-bench-cold-start-'));
  const appEnv = {
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: `sqlite:${join(folder, 'app.sqlite')}`,
    OUTBOX_DIR: join(folder, 'outbox'),
  };
  try {
    // Unmeasured: migrates the database and brings both programs' files into the page cache.
    await coldStart(appMain, appEnv);
    await coldStart(bareFastify, {});
    const app: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bare.push(await coldStart(bareFastify, {}));
      app.push(await coldStart(appMain, appEnv));
    }
    app.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const median = (values: number[]) => percentile(values, 50);
    console.log(`  ${ROUNDS} alternating starts each, Node ${process.version}; median (fastest–slowest)`);
    for (const [label, values] of [
      ['bare Fastify 5 process', bare],
      ['BullApp, SQLite, defaults', app],
    ] as const)
      console.log(
        `  ${label.padEnd(30)} ${median(values).toFixed(0).padStart(6)} ms   (${values[0]!.toFixed(0)}–${values.at(-1)!.toFixed(0)} ms)`,
      );
    report(
      'coldStart',
      median(app) / median(bare),
      `${median(app).toFixed(0)} vs ${median(bare).toFixed(0)} ms, medians of ${ROUNDS}`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const coldStartBench: Bench = { name: 'cold-start', run };
