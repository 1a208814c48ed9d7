// A steady mixed load at 100 connections: token sign-in, prices, /me and /healthz, for 30 s by default
// (MIXED_SECONDS overrides). The baseline is /healthz alone at the same concurrency, measured in this run.
import autocannon from 'autocannon';
import { type Bench, startBenchServer } from './bench.js';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.MIXED_SECONDS ?? 30);
const BASELINE_SECONDS = Math.max(3, Math.round(SECONDS / 5));

interface Outcome {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

async function load(options: autocannon.Options): Promise<Outcome> {
  const result = await autocannon(options);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

function print(label: string, { perSecond, p50, p99, errors, total }: Outcome) {
  console.log(
    `  ${label.padEnd(34)} ${perSecond.toFixed(0).padStart(7)} req/s   p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   errors ${errors} of ${total}`,
  );
}

async function run() {
  const server = await startBenchServer({ email: 'mixed@example.com', password: 'mixed kettle rainfall' });
  const { url, token } = server;
  try {
    const json = { 'content-type': 'application/json' };
    console.log(`  ${CONNECTIONS} connections; baseline ${BASELINE_SECONDS} s, mixed ${SECONDS} s`);

    const baseline = await load({
      url: `${url}/healthz`,
      connections: CONNECTIONS,
      duration: BASELINE_SECONDS,
    });
    print('baseline: /healthz alone', baseline);
    const mixed = await load({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/login',
          headers: json,
          body: JSON.stringify({ session: { auth_token: token } }),
        },
        { method: 'GET', path: '/api/v1/paypal_prices' },
        { method: 'GET', path: '/api/v1/me', headers: { authorization: `Bearer ${token}` } },
        { method: 'GET', path: '/healthz' },
      ],
    });
    print('mixed: token sign-in, prices, me, healthz', mixed);
    console.log(
      `  mixed / baseline: ${(mixed.perSecond / baseline.perSecond).toFixed(2)}; errors: ${mixed.errors} (goal: 0) ${mixed.errors === 0 ? 'meets the goal' : 'MISSES the goal'}`,
    );
  } finally {
    await server.close();
  }
}

export const mixedLoadBench: Bench = { name: 'mixed-load', run };
