import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { hashPassword, verifyPassword } from '../server/passwords/password-hashing.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../server/rate-limit/rate-limits.js';
import {
  type Bench,
  load,
  type Measurement,
  PHASE_SECONDS,
  percentile,
  printMeasurement,
  printRatio,
} from './bench.js';

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench kettle rainfall';
/** Cheap calls: enough connections to keep the server busy. */
const CHEAP_CONNECTIONS = 10;
/** argon2 runs on libuv's thread pool (4 threads): the same concurrency for the API and for raw verifies. */
const ARGON2_CONCURRENCY = 4;

// A benchmark is one client hammering one account from one address: lift every limit.
const NO_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((rule) => [
    rule,
    { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
  ]),
) as RateLimitSettings;

/** Raw argon2 verifications, `concurrency` at a time, for the phase duration: the ceiling of password sign-in. */
async function rawVerifications(concurrency: number): Promise<Measurement> {
  const stored = await hashPassword(PASSWORD);
  const measure = async (seconds: number) => {
    const latencies: number[] = [];
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          if (!(await verifyPassword(stored, PASSWORD))) throw new Error('verification failed');
          latencies.push(performance.now() - start);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  };
  await measure(1);
  const latencies = await measure(PHASE_SECONDS);
  return {
    label: `raw argon2 verify (×${concurrency})`,
    perSecond: latencies.length / PHASE_SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function run() {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(folder, 'app.sqlite')}`,
    OUTBOX_DIR: join(folder, 'outbox'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, rateLimits: { settings: NO_LIMITS } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: { user: { email: EMAIL, password: PASSWORD } },
    });
    const token = signUp.json().auth_token as string;
    const json = { 'content-type': 'application/json' };
    console.log(
      `  ${availableParallelism()} cores, SQLite in ${folder}, ${PHASE_SECONDS} s per phase after 1 s of warm-up`,
    );

    console.log(`token sign-in against /healthz, ${CHEAP_CONNECTIONS} connections`);
    const health = await load('GET /healthz', { url: `${url}/healthz`, connections: CHEAP_CONNECTIONS });
    printMeasurement(health);
    const tokenLogin = await load('POST /api/v1/login (token)', {
      url: `${url}/api/v1/login`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ session: { auth_token: token } }),
      connections: CHEAP_CONNECTIONS,
    });
    printMeasurement(tokenLogin);
    printRatio('token sign-in / healthz', tokenLogin.perSecond / health.perSecond, 0.5);

    console.log(`password sign-in against raw argon2 verifications, concurrency ${ARGON2_CONCURRENCY}`);
    const raw = await rawVerifications(ARGON2_CONCURRENCY);
    printMeasurement(raw, 'verify/s');
    const passwordLogin = await load('POST /api/v1/login (password)', {
      url: `${url}/api/v1/login`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ session: { email: EMAIL, password: PASSWORD } }),
      connections: ARGON2_CONCURRENCY,
    });
    printMeasurement(passwordLogin);
    printRatio('password sign-in / raw argon2', passwordLogin.perSecond / raw.perSecond, 0.8);
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

export const authBench: Bench = { name: 'auth', run };
