import autocannon from 'autocannon';

/** One benchmark module: `npm run bench` runs every one listed in bench/run.ts, in order. */
export interface Bench {
  name: string;
  run(): Promise<void>;
}

/** Seconds each measured phase runs; BENCH_SECONDS overrides (the default keeps a full run near a minute). */
export const PHASE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export interface Measurement {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
}

export async function load(
  label: string,
  options: autocannon.Options & { expectStatus?: number },
): Promise<Measurement> {
  const { expectStatus = 200, ...rest } = options;
  // A short unmeasured run first, so JIT warm-up and first connections do not count.
  await autocannon({ ...rest, duration: 1 });
  const result = await autocannon({ ...rest, duration: PHASE_SECONDS });
  const wrong = result.errors + result.timeouts + (expectStatus === 200 ? result.non2xx : 0);
  if (wrong > 0) throw new Error(`${label}: ${wrong} of ${result.requests.total} requests failed`);
  return { label, perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function printMeasurement({ label, perSecond, p50, p99 }: Measurement, unit = 'req/s') {
  console.log(
    `  ${label.padEnd(28)} ${perSecond.toFixed(0).padStart(7)} ${unit.padEnd(9)} p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms`,
  );
}

export function printRatio(name: string, value: number, goal: number) {
  const verdict = value >= goal ? 'meets the goal' : 'BELOW the goal';
  console.log(`  ${name}: ${value.toFixed(2)} (goal ≥ ${goal}) ${verdict}`);
}
