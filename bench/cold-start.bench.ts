// Cold start: from spawning the process to the first 200 from GET /readyz, the built app (dist/server/main.js,
// what `npm run serve` and `npm start` run: the bundle of decision 171, source maps on; plain Node, no loader)
// on SQLite with the default configuration, against a bare Fastify 5 process (bare-fastify-start.mjs) started
// the same way, in alternating rounds. The app's database is migrated by an unmeasured first start, so each
// round is a restart, as after a deploy. Beside the time, the CPU each process used until it answered (Linux),
// which moves less with what else the machine runs. Decisions 161 and 171.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

interface Start {
  /** Milliseconds from spawn to the first 200 of /readyz. */
  ms: number;
  /** CPU milliseconds (user and system) the process had used by then; null where /proc is not there. */
  cpuMs: number | null;
}

/** User and system CPU of a process from /proc/<pid>/stat (in clock ticks, 100 a second on Linux). */
function cpuOf(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  // The command name (field 2) may hold spaces; the fields after it are space-separated.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Spawn to the first 200 of /readyz; then ends the process (SIGTERM) and waits for it. */
async function coldStart(entry: string, env: Record<string, string>): Promise<Start> {
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
      if (ok) return { ms: performance.now() - started, cpuMs: cpuOf(child.pid) };
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
    const app: Start[] = [];
    const bare: Start[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bare.push(await coldStart(bareFastify, {}));
      app.push(await coldStart(appMain, appEnv));
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const times = (starts: Start[]) => starts.map((start) => start.ms);
    const cpu = (starts: Start[]) =>
      starts.every((start) => start.cpuMs !== null) ? median(starts.map((start) => start.cpuMs!)) : null;
    console.log(
      `  ${ROUNDS} alternating starts each, Node ${process.version}; median (fastest–slowest), CPU to ready`,
    );
    for (const [label, starts] of [
      ['bare Fastify 5 (node_modules, default logger, one route)', bare],
      ['BullApp built (bundle, source maps), SQLite, defaults', app],
    ] as const) {
      const sorted = times(starts).sort((a, b) => a - b);
      const used = cpu(starts);
      console.log(
        `  ${label.padEnd(56)} ${median(sorted).toFixed(0).padStart(6)} ms   (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)} ms)${used === null ? '' : `   CPU ${used.toFixed(0)} ms`}`,
      );
    }
    const appCpu = cpu(app);
    const bareCpu = cpu(bare);
    report(
      'coldStart',
      median(times(app)) / median(times(bare)),
      `${median(times(app)).toFixed(0)} vs ${median(times(bare)).toFixed(0)} ms, medians of ${ROUNDS}` +
        (appCpu !== null && bareCpu !== null
          ? `; CPU ${appCpu.toFixed(0)} vs ${bareCpu.toFixed(0)} ms (${(appCpu / bareCpu).toFixed(2)}×)`
          : ''),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const coldStartBench: Bench = { name: 'cold-start', run };
