// Cold start: from spawning the process to the first 200 from GET /readyz, the built app (dist/server/main.js,
// what `npm run serve` and `npm start` run: the bundle of decision 171, source maps on; plain Node, no loader)
// on SQLite with the default configuration, against a bare Fastify 5 process (bare-fastify-start.mjs) started
// the same way, in alternating rounds. The app's database is migrated by an unmeasured first start, so each
// round is a restart, as after a deploy. Beside the time, the CPU each process used until it answered (Linux),
// which moves less with what else the machine runs. Decisions 161, 171 and 209 (the app's compile cache:
// beside the goal's ratio, the one against the floor with the cache on too, and the app's start with its
// cache empty, the first after a deploy).
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
  // The app turns Node's compile cache on by itself (decision 209): its own folder here, filled by the
  // unmeasured first start, as the first start after a deploy fills it on a server.
  const appEnv = {
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: `sqlite:${join(folder, 'app.sqlite')}`,
    OUTBOX_DIR: join(folder, 'outbox'),
    NODE_COMPILE_CACHE: join(folder, 'app-compile-cache'),
  };
  // The first start after a deploy: the compile cache empty, a new folder each time.
  let emptyCaches = 0;
  const emptyCacheEnv = () => ({
    ...appEnv,
    NODE_COMPILE_CACHE: join(folder, `empty-compile-cache-${(emptyCaches += 1)}`),
  });
  // The floor as any Fastify server starts (no compile cache: Node leaves it off unless asked), and the
  // same floor with the cache on, which is what the app's own cache is worth against.
  const bareCacheEnv = { NODE_COMPILE_CACHE: join(folder, 'bare-compile-cache') };
  try {
    // Unmeasured: migrates the database, fills the app's and the cached floor's compile caches, and brings
    // both programs' files into the page cache.
    await coldStart(appMain, appEnv);
    await coldStart(bareFastify, {});
    await coldStart(bareFastify, bareCacheEnv);
    const app: Start[] = [];
    const appEmptyCache: Start[] = [];
    const bare: Start[] = [];
    const bareCached: Start[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bare.push(await coldStart(bareFastify, {}));
      app.push(await coldStart(appMain, appEnv));
      bareCached.push(await coldStart(bareFastify, bareCacheEnv));
      appEmptyCache.push(await coldStart(appMain, emptyCacheEnv()));
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
      ['bare Fastify 5, Node compile cache on', bareCached],
      ['BullApp built (bundle, source maps), SQLite, defaults', app],
      ['BullApp built, its compile cache empty (after a deploy)', appEmptyCache],
    ] as const) {
      const sorted = times(starts).sort((a, b) => a - b);
      const used = cpu(starts);
      console.log(
        `  ${label.padEnd(56)} ${median(sorted).toFixed(0).padStart(6)} ms   (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)} ms)${used === null ? '' : `   CPU ${used.toFixed(0)} ms`}`,
      );
    }
    const ratio = (measured: Start[], floor: Start[]) => median(times(measured)) / median(times(floor));
    const cpuRatio = (measured: Start[], floor: Start[]) => {
      const [used, base] = [cpu(measured), cpu(floor)];
      return used !== null && base !== null
        ? `; CPU ${used.toFixed(0)} vs ${base.toFixed(0)} ms (${(used / base).toFixed(2)}×)`
        : '';
    };
    report(
      'coldStart',
      ratio(app, bare),
      `${median(times(app)).toFixed(0)} vs ${median(times(bare)).toFixed(0)} ms, medians of ${ROUNDS}${cpuRatio(app, bare)}` +
        `; against the floor with its compile cache on too ${ratio(app, bareCached).toFixed(2)}×` +
        `; the app's first start after a deploy (cache empty) ${ratio(appEmptyCache, bare).toFixed(2)}×`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const coldStartBench: Bench = { name: 'cold-start', run };
