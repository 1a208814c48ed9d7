import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** One benchmark module: `npm run bench` runs every one listed in bench/run.ts, in order. */
export interface Bench {
  name: string;
  run(): Promise<void>;
}

/** Seconds each side of a comparison is measured; BENCH_SECONDS overrides (the default keeps a run near a minute). */
export const PHASE_SECONDS = Number(process.env.BENCH_SECONDS ?? 9);
/**
 * A comparison alternates baseline and subject in rounds, so a change in the machine's load (other
 * processes) falls on both sides instead of on whichever ran second.
 */
export const ROUNDS = 3;

export interface Measurement {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
  /**
   * CPU time (user + system, every thread) the server process spent per answered request, in µs. Unlike
   * req/s it hardly moves when other processes share the machine: the figure to compare on a loaded one.
   */
  cpuPerRequest?: number;
}

/** One round of a measured side: its rate and latencies, and the server's CPU time and requests if known. */
export interface Round extends Measurement {
  cpuMicros?: number;
  requests?: number;
}

/** Rounds of one side as one measurement: mean rate, median p50, worst p99, CPU over all requests. */
export function combine(label: string, rounds: Round[]): Measurement {
  const sorted = rounds.map((round) => round.p50).sort((a, b) => a - b);
  const cpuMicros = rounds.reduce((sum, round) => sum + (round.cpuMicros ?? Number.NaN), 0);
  const requests = rounds.reduce((sum, round) => sum + (round.requests ?? 0), 0);
  return {
    label,
    perSecond: rounds.reduce((sum, round) => sum + round.perSecond, 0) / rounds.length,
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p99: Math.max(...rounds.map((round) => round.p99)),
    ...(Number.isFinite(cpuMicros) && requests > 0 ? { cpuPerRequest: cpuMicros / requests } : {}),
  };
}

/** Where a round reads the CPU time its server has used (a peer's `cpu`, or this process's own). */
export type CpuSource = () => Promise<NodeJS.CpuUsage>;

export const ownCpu: CpuSource = async () => process.cpuUsage();

const cpuMicros = (before: NodeJS.CpuUsage, after: NodeJS.CpuUsage) =>
  after.user - before.user + (after.system - before.system);

/** Runs `work` and adds the CPU time `cpu` reports for it (when given) and the requests it answered. */
export async function withCpu(cpu: CpuSource | undefined, work: () => Promise<Round>): Promise<Round> {
  if (!cpu) return work();
  const before = await cpu();
  const round = await work();
  const after = await cpu();
  return { ...round, cpuMicros: cpuMicros(before, after) };
}

/** The most a warm-up by request count may take before the measured rounds start anyway. */
const WARM_UP_CAP_SECONDS = 40;

/**
 * Unmeasured runs of one side: at least one second, and with `requests`, more seconds until it has answered
 * that many. V8 optimises a function after some thousands of calls, not after some seconds: a cheap route
 * gets there in the first second, a sign-in that waits for argon2 needs half a minute (decision 097).
 */
async function warmUp(side: { round: (seconds: number) => Promise<Round> }, requests = 0): Promise<void> {
  const end = performance.now() + WARM_UP_CAP_SECONDS * 1000;
  let answered = 0;
  do answered += (await side.round(1)).requests ?? Number.POSITIVE_INFINITY;
  while (answered < requests && performance.now() < end);
}

/** One side of a comparison: a label and how to measure a round of it. */
export interface Side {
  label: string;
  round: (seconds: number) => Promise<Round>;
}

/**
 * Runs baseline and subject alternately for ROUNDS rounds and returns both, combined. `warmUpRequests`:
 * how many requests each side answers, unmeasured, before the first round (at least a second of each).
 */
export async function compare(
  baseline: Side,
  subject: Side,
  options: { warmUpRequests?: number } = {},
): Promise<[Measurement, Measurement]> {
  const [base, measured] = await compareAll([baseline, subject], options);
  return [base!, measured!];
}

/** As `compare`, for any number of sides, each round taking them in turn: one measurement per side. */
export async function compareAll(
  sides: Side[],
  { warmUpRequests = 0 }: { warmUpRequests?: number } = {},
): Promise<Measurement[]> {
  const seconds = Math.max(1, PHASE_SECONDS / ROUNDS);
  // Unmeasured first runs: JIT warm-up and first connections do not count.
  for (const side of sides) await warmUp(side, warmUpRequests);
  const rounds: Round[][] = sides.map(() => []);
  for (let i = 0; i < ROUNDS; i += 1)
    for (const [at, side] of sides.entries()) rounds[at]!.push(await side.round(seconds));
  return sides.map((side, at) => combine(side.label, rounds[at]!));
}

/**
 * An autocannon run that fails loudly if any request did not get a 2xx; with `cpu` (the server's), it also
 * takes the CPU time the server spent on the run.
 */
export async function http(options: autocannon.Options, seconds: number, cpu?: CpuSource): Promise<Round> {
  return withCpu(cpu, async () => {
    const result = await autocannon({ ...options, duration: seconds });
    const wrong = result.errors + result.timeouts + result.non2xx;
    if (wrong > 0) throw new Error(`${options.url}: ${wrong} of ${result.requests.total} requests failed`);
    return {
      label: String(options.url),
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
    };
  });
}

/**
 * The machine's CPUs, read once at start: later, `availableParallelism()` counts only those this process is
 * pinned to, and children forked meanwhile inherit the pinning.
 */
export const MACHINE_CPUS = availableParallelism();

/**
 * Pins a process, every thread of it, to the given CPUs (`taskset`, Linux); false where that cannot be
 * done (one core, no taskset), and the run goes on unpinned.
 */
export function pinTo(pid: number, cpus: string): boolean {
  if (MACHINE_CPUS < 2) return false;
  try {
    execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Every CPU of the machine, as taskset names them: what a pinned process is given back afterwards. */
export const ALL_CPUS = `0-${MACHINE_CPUS - 1}`;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One answer in a round: when it came and how long it took (performance.now() milliseconds). */
export interface Answer {
  at: number;
  latency: number;
}

/**
 * A round from its answers over the window of `seconds` from `start` (performance.now(), ms). The rate
 * counts the answers that came within the window; the latencies and `requests` (which the CPU figure is
 * divided by, the CPU being taken over the whole round) count every answer, those that were in flight when
 * the window closed too. Every side of a comparison is counted this way, whatever sends its requests
 * (decision 212).
 */
export function roundOf(label: string, answers: Answer[], start: number, seconds: number): Round {
  const end = start + seconds * 1000;
  const latencies = answers.map((answer) => answer.latency).sort((a, b) => a - b);
  return {
    label,
    perSecond: answers.filter((answer) => answer.at <= end).length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: answers.length,
  };
}

/**
 * The window of one measured round, opened now: a side sends while it is open, and after it closes waits
 * only for the answers it has in flight.
 */
export function roundWindow(seconds: number) {
  const start = performance.now();
  const end = start + seconds * 1000;
  const answers: Answer[] = [];
  return {
    isOpen: () => performance.now() < end,
    /** Records the answer to a request sent at `sentAt`; true while the window is open (send the next). */
    answered(sentAt: number): boolean {
      const at = performance.now();
      answers.push({ at, latency: at - sentAt });
      return at < end;
    },
    round: (label: string) => roundOf(label, answers, start, seconds),
  };
}

export function printMeasurement({ label, perSecond, p50, p99, cpuPerRequest }: Measurement, unit = 'req/s') {
  const cpu = cpuPerRequest === undefined ? '' : `   ${cpuPerRequest.toFixed(0).padStart(6)} µs CPU/req`;
  console.log(
    `  ${label.padEnd(30)} ${perSecond.toFixed(0).padStart(7)} ${unit.padEnd(9)} p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms${cpu}`,
  );
}

/** The CPU figure printed beside a ratio: the subject's µs per request against the baseline's. */
export function cpuNote(subject: Measurement, base: Measurement): string {
  if (subject.cpuPerRequest === undefined || base.cpuPerRequest === undefined) return '';
  return `CPU ${subject.cpuPerRequest.toFixed(0)} vs ${base.cpuPerRequest.toFixed(0)} µs/req (${(subject.cpuPerRequest / base.cpuPerRequest).toFixed(2)}×)`;
}

/** What a server process of the benchmarks (http-peer.ts) reports once it listens. */
export interface PeerReady {
  url: string;
  /** The auth_token of the account the app was started with. */
  token?: string;
  /** Better Auth's session cookie for its account. */
  cookie?: string;
}

export type PeerMode = 'app' | 'fastify' | 'fastify-no-logger' | 'better-auth';

export interface Peer extends PeerReady {
  /** The process's id (for pinning it to a CPU). */
  pid: number;
  /** The CPU time the server's process has used so far (all its threads). */
  cpu: CpuSource;
  stop(): Promise<void>;
}

const PEER_START_TIMEOUT_MS = 60_000;

/** Starts one server of http-peer.ts in a process of its own (output discarded: logging costs, not shows). */
export function startPeer(
  mode: PeerMode,
  options: { folder: string; email?: string; password?: string; webRoot?: string },
): Promise<Peer> {
  const child = fork(
    fileURLToPath(new URL('./http-peer.ts', import.meta.url)),
    [mode, options.folder, options.email ?? '', options.password ?? ''],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_WEB_ROOT: options.webRoot ?? '' },
    },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
    });
  const cpu: CpuSource = () =>
    new Promise((resolve) => {
      const onMessage = (message: { type: string; usage?: NodeJS.CpuUsage }) => {
        if (message.type !== 'cpu' || !message.usage) return;
        child.off('message', onMessage);
        resolve(message.usage);
      };
      child.on('message', onMessage);
      child.send({ type: 'cpu' });
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the ${mode} server did not start in ${PEER_START_TIMEOUT_MS / 1000} s`));
    }, PEER_START_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited with ${code}`)));
    child.once('message', (ready: PeerReady) => {
      clearTimeout(timer);
      resolve({ ...ready, pid: child.pid ?? 0, cpu, stop });
    });
  });
}

export interface BenchServer {
  url: string;
  pid: number;
  /** Where the server's SQLite database lives. */
  folder: string;
  /** The auth_token of the account the server was started with. */
  token: string;
  /** The CPU time the server's process has used so far. */
  cpu: CpuSource;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh SQLite database, with default logging, in a process of its own, listening on a
 * free port, with one account signed up; `webRoot` serves a built web app too.
 */
export async function startBenchServer(
  account: { email: string; password: string },
  webRoot?: string,
): Promise<BenchServer> {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-bench-'));
  try {
    const peer = await startPeer('app', { folder, ...account, webRoot });
    return {
      url: peer.url,
      pid: peer.pid,
      folder,
      token: peer.token ?? '',
      cpu: peer.cpu,
      close: async () => {
        await peer.stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
