import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../server/rate-limit/rate-limits.js';

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
}

/** One round of a measured side: its rate and latencies. */
export type Round = Measurement;

/** Rounds of one side as one measurement: mean rate, median p50, worst p99. */
export function combine(label: string, rounds: Round[]): Measurement {
  const sorted = rounds.map((round) => round.p50).sort((a, b) => a - b);
  return {
    label,
    perSecond: rounds.reduce((sum, round) => sum + round.perSecond, 0) / rounds.length,
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p99: Math.max(...rounds.map((round) => round.p99)),
  };
}

/** Runs baseline and subject alternately for ROUNDS rounds and returns both, combined. */
export async function compare(
  baseline: { label: string; round: (seconds: number) => Promise<Round> },
  subject: { label: string; round: (seconds: number) => Promise<Round> },
): Promise<[Measurement, Measurement]> {
  const seconds = Math.max(1, PHASE_SECONDS / ROUNDS);
  // Unmeasured first runs: JIT warm-up and first connections do not count.
  await baseline.round(1);
  await subject.round(1);
  const base: Round[] = [];
  const subj: Round[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    base.push(await baseline.round(seconds));
    subj.push(await subject.round(seconds));
  }
  return [combine(baseline.label, base), combine(subject.label, subj)];
}

/** An autocannon run that fails loudly if any request did not get a 2xx. */
export async function http(options: autocannon.Options, seconds: number): Promise<Round> {
  const result = await autocannon({ ...options, duration: seconds });
  const wrong = result.errors + result.timeouts + result.non2xx;
  if (wrong > 0) throw new Error(`${options.url}: ${wrong} of ${result.requests.total} requests failed`);
  return {
    label: String(options.url),
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function printMeasurement({ label, perSecond, p50, p99 }: Measurement, unit = 'req/s') {
  console.log(
    `  ${label.padEnd(30)} ${perSecond.toFixed(0).padStart(7)} ${unit.padEnd(9)} p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms`,
  );
}

export function printRatio(name: string, value: number, goal: number) {
  const verdict = value >= goal ? 'meets the goal' : 'BELOW the goal';
  console.log(`  ${name}: ${value.toFixed(2)} (goal ≥ ${goal}) ${verdict}`);
}

// A benchmark is one client hammering one account from one address: every limit is lifted.
const NO_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((rule) => [
    rule,
    { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
  ]),
) as RateLimitSettings;

export interface BenchServer {
  url: string;
  /** Where the server's SQLite database lives. */
  folder: string;
  /** The auth_token of the account the server was started with. */
  token: string;
  close(): Promise<void>;
}

/** The whole app on a fresh SQLite database, listening on a free port, with one account signed up. */
export async function startBenchServer(account: { email: string; password: string }): Promise<BenchServer> {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(folder, 'app.sqlite')}`,
    OUTBOX_DIR: join(folder, 'outbox'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, rateLimits: { settings: NO_LIMITS } });
  const close = async () => {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const signUp = await app.inject({ method: 'POST', url: '/api/v1/users', payload: { user: account } });
    return {
      url: `http://127.0.0.1:${address.port}`,
      folder,
      token: signUp.json().auth_token as string,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
