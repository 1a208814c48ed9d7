// Development aid, not part of `npm run bench`: the CPU time per request of the app's and the bare peer's
// processes on one path, in segments of a fixed number of requests (PROBE_SEGMENTS, default 5; the lowest
// is the least disturbed by other work) after PROBE_WARM unmeasured ones (default a quarter of a segment, at
// most 5,000); `--prof DIR` also writes a V8 CPU profile, PROBE_PERF=file a `perf record` of the server
// with JIT frames named through a jitdump (read file.jit), PROBE_CALLGRIND=dir runs the server under
// valgrind's callgrind and prints the instructions of user space per request instead of the CPU time (the
// same from run to run, whatever else the machine does; its dumps stay in dir for callgrind_annotate), and
// PROBE_FLAGS adds Node flags to the server.
//   npx tsx bench/cpu-probe.ts healthz|me|token|password|hello|argon2 [requests] [--prof DIR]
import { execFileSync, fork, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from '../server/users/password-hashing.js';

const [path = 'healthz', amountText = '20000', ...rest] = process.argv.slice(2);

// `argon2`: raw verifications, 4 at a time, in this process (the ceiling of password sign-in).
if (path === 'argon2') {
  const stored = await hashPassword('bench kettle rainfall');
  const verifications = async (count: number) => {
    let left = count;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (left-- > 0) await verifyPassword(stored, 'bench kettle rainfall');
      }),
    );
  };
  await verifications(20);
  const segments: number[] = [];
  for (let i = 0; i < Number(process.env.PROBE_SEGMENTS ?? 5); i += 1) {
    const before = process.cpuUsage();
    await verifications(Number(amountText));
    const used = process.cpuUsage(before);
    segments.push((used.user + used.system) / Number(amountText));
  }
  console.log(`argon2: µs CPU/verify ${segments.map((s) => s.toFixed(0)).join(' ')}`);
  process.exit(0);
}
const profDir = rest[0] === '--prof' ? rest[1] : undefined;
const amount = Number(amountText);
const folder = mkdtempSync(join(tmpdir(), 'bullapp-probe-'));
const mode = path === 'hello' ? 'fastify' : 'app';
// With PROBE_PERF the server runs in a folder beside the recording: it writes its jitdump into its working
// directory, and `perf inject` writes one ELF file per compiled function beside the dump, which
// `perf script` reads later.
const jitted = process.env.PROBE_PERF ? `${resolve(process.env.PROBE_PERF)}.jitted` : undefined;
if (jitted) {
  rmSync(jitted, { recursive: true, force: true });
  mkdirSync(jitted);
}
// With PROBE_CALLGRIND the server is valgrind running Node: the load is the same, fifty times slower, so
// anything the app caches for a millisecond is made again on every request.
const callgrind = process.env.PROBE_CALLGRIND ? resolve(process.env.PROBE_CALLGRIND) : undefined;
if (callgrind) mkdirSync(callgrind, { recursive: true });
const child = fork(
  fileURLToPath(new URL('./http-peer.ts', import.meta.url)),
  [mode, folder, 'probe@example.com', 'bench kettle rainfall'],
  {
    ...(callgrind ? { execPath: 'valgrind' } : {}),
    execArgv: [
      ...(callgrind
        ? [
            '--tool=callgrind',
            `--callgrind-out-file=${callgrind}/callgrind.out.%p`,
            `--log-file=${callgrind}/valgrind.%p.log`,
            process.execPath,
          ]
        : []),
      ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
      // A jitdump, not a perf map: the map keeps a name for an address after V8 moves or frees the code
      // there, and samples in code placed later at that address get the old name.
      ...(process.env.PROBE_PERF ? ['--perf-prof', '--perf-prof-unwinding-info'] : []),
      ...(process.env.PROBE_FLAGS ? process.env.PROBE_FLAGS.split(' ') : []),
      '--import',
      // Resolved here: the server may run in another folder (PROBE_PERF).
      import.meta.resolve('tsx'),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    cwd: jitted,
  },
);
const ready = await new Promise<{ url: string; token?: string }>((resolve) => child.once('message', resolve));
const cpu = () =>
  new Promise<{ usage: NodeJS.CpuUsage; mainThreadNs: number | null }>((resolve) => {
    child.once('message', resolve);
    child.send({ type: 'cpu' });
  });
const used = ({ usage }: Awaited<ReturnType<typeof cpu>>) => usage.user + usage.system;
const options: autocannon.Options = {
  hello: { url: `${ready.url}/hello` },
  healthz: { url: `${ready.url}/healthz` },
  me: { url: `${ready.url}/api/v1/me`, headers: { authorization: `Bearer ${ready.token}` } },
  token: {
    url: `${ready.url}/api/v1/login`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: { auth_token: ready.token } }),
  },
  password: {
    url: `${ready.url}/api/v1/login`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: { email: 'probe@example.com', password: 'bench kettle rainfall' } }),
  },
}[path]!;
const connections = path === 'password' ? 4 : 10;
const warm = await autocannon({
  ...options,
  connections,
  amount: Number(process.env.PROBE_WARM ?? Math.min(5000, amount / 4)),
});
if (warm.non2xx) throw new Error(`warm-up: ${warm.non2xx} non-2xx`);
// PROBE_PERF=file: `perf record` of the server over the measured segments, then `perf inject --jit` into
// file.jit (JIT frames named as they were when sampled; read it with `perf script -i file.jit`).
const perf = process.env.PROBE_PERF
  ? spawn(
      'perf',
      ['record', '-k', 'mono', '-F', '1999', '-g', '-p', String(child.pid), '-o', process.env.PROBE_PERF],
      {
        stdio: 'ignore',
      },
    )
  : undefined;
/**
 * PROBE_CALLGRIND: the instructions counted since the last dump. Each dump holds what was counted since the
 * one before (callgrind zeroes its counters when it dumps) and is a file of its own in the folder.
 */
function dumpedInstructions(folder: string): number {
  const before = new Set(readdirSync(folder));
  execFileSync('callgrind_control', ['--dump', String(child.pid)], { stdio: 'ignore' });
  const dump = readdirSync(folder).find((name) => !before.has(name));
  const text = dump ? readFileSync(join(folder, dump), 'utf8') : '';
  const total = /^(?:summary|totals): (\d+)/m.exec(text)?.[1];
  if (!total) throw new Error(`no callgrind dump with a total in ${folder}`);
  return Number(total);
}
if (callgrind) dumpedInstructions(callgrind); // the start and the warm-up
// Several segments in one process: the lowest is the least disturbed by the machine's other work.
const segments: number[] = [];
const mainThread: number[] = [];
for (let i = 0; i < Number(process.env.PROBE_SEGMENTS ?? 5); i += 1) {
  const before = await cpu();
  const result = await autocannon({ ...options, connections, amount });
  const after = await cpu();
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx`);
  if (callgrind) {
    segments.push(dumpedInstructions(callgrind) / result.requests.total);
    continue;
  }
  segments.push((used(after) - used(before)) / result.requests.total);
  if (after.mainThreadNs !== null && before.mainThreadNs !== null)
    mainThread.push((after.mainThreadNs - before.mainThreadNs) / 1000 / result.requests.total);
}
const summary = (figures: number[]) => {
  const sorted = [...figures].sort((a, b) => a - b);
  return `min ${sorted[0]!.toFixed(1)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} (${figures.map((s) => s.toFixed(0)).join(' ')})`;
};
console.log(
  `${path}: ${segments.length} × ${amount} requests; ${callgrind ? 'instructions' : 'µs CPU'}/req ${summary(segments)}`,
);
// The event loop's own share (Linux): beside argon2's threads, the part of a sign-in the app itself adds.
if (mainThread.length) console.log(`  main thread µs CPU/req ${summary(mainThread)}`);
if (perf) {
  perf.kill('SIGINT');
  await new Promise((resolve) => perf.once('exit', resolve));
}
child.send({ type: 'stop' });
await new Promise((resolve) => child.once('exit', resolve));
rmSync(folder, { recursive: true, force: true });
if (process.env.PROBE_PERF) {
  const recorded = resolve(process.env.PROBE_PERF);
  spawnSync('perf', ['inject', '--jit', '-i', recorded, '-o', `${recorded}.jit`], { stdio: 'inherit' });
  console.log(`perf script -i ${recorded}.jit`);
}
