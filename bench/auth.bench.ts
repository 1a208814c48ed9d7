import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../server/passwords/password-hashing.js';
import {
  type Bench,
  compare,
  http,
  PHASE_SECONDS,
  percentile,
  printMeasurement,
  printRatio,
  ROUNDS,
  type Round,
  startBenchServer,
} from './bench.js';

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench kettle rainfall';
/** Cheap calls: enough connections to keep the server busy. */
const CHEAP_CONNECTIONS = 10;
/** argon2 runs on libuv's thread pool (4 threads): the same concurrency for the API and for raw verifies. */
const ARGON2_CONCURRENCY = 4;

/** Raw argon2 verifications, `concurrency` at a time: the ceiling of password sign-in. */
function rawVerifications(stored: string, concurrency: number) {
  return async (seconds: number): Promise<Round> => {
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
    latencies.sort((a, b) => a - b);
    return {
      label: 'raw argon2 verify',
      perSecond: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  };
}

async function run() {
  const server = await startBenchServer({ email: EMAIL, password: PASSWORD });
  const { url, token, folder } = server;
  try {
    const json = { 'content-type': 'application/json' };
    console.log(
      `  ${availableParallelism()} cores, SQLite in ${folder}; each side ${PHASE_SECONDS} s in ${ROUNDS} alternating rounds, after 1 s of warm-up`,
    );

    console.log(`token sign-in against /healthz, ${CHEAP_CONNECTIONS} connections`);
    const [health, tokenLogin] = await compare(
      {
        label: 'GET /healthz',
        round: (seconds) => http({ url: `${url}/healthz`, connections: CHEAP_CONNECTIONS }, seconds),
      },
      {
        label: 'POST /api/v1/login (token)',
        round: (seconds) =>
          http(
            {
              url: `${url}/api/v1/login`,
              method: 'POST',
              headers: json,
              body: JSON.stringify({ session: { auth_token: token } }),
              connections: CHEAP_CONNECTIONS,
            },
            seconds,
          ),
      },
    );
    printMeasurement(health);
    printMeasurement(tokenLogin);
    printRatio('token sign-in / healthz', tokenLogin.perSecond / health.perSecond, 0.5);

    console.log(`password sign-in against raw argon2 verifications, concurrency ${ARGON2_CONCURRENCY}`);
    const [raw, passwordLogin] = await compare(
      {
        label: `raw argon2 verify (×${ARGON2_CONCURRENCY})`,
        round: rawVerifications(await hashPassword(PASSWORD), ARGON2_CONCURRENCY),
      },
      {
        label: 'POST /api/v1/login (password)',
        round: (seconds) =>
          http(
            {
              url: `${url}/api/v1/login`,
              method: 'POST',
              headers: json,
              body: JSON.stringify({ session: { email: EMAIL, password: PASSWORD } }),
              connections: ARGON2_CONCURRENCY,
            },
            seconds,
          ),
      },
    );
    printMeasurement(raw, 'verify/s');
    printMeasurement(passwordLogin);
    printRatio('password sign-in / raw argon2', passwordLogin.perSecond / raw.perSecond, 0.8);
  } finally {
    await server.close();
  }
}

export const authBench: Bench = { name: 'auth', run };
