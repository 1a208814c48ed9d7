// Password sign-in against raw argon2id verifications at the same concurrency, and the session check and
// password sign-in against Better Auth on SQLite (a file of its own beside the app's), each pair in alternating rounds.
// Sign-ins are sent by bench/lean-client.ts, the cheap calls by autocannon (decision 097).
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS, hashPassword } from '../server/users/password-hashing.js';
import {
  type Bench,
  compare,
  compareAll,
  cpuNote,
  http,
  MACHINE_CPUS,
  PHASE_SECONDS,
  printMeasurement,
  ownCpu,
  ROUNDS,
  type Round,
  roundWindow,
  startBenchServer,
  startPeer,
  withCpu,
} from './bench.js';
import { report } from './figures.js';
import { leanLoad } from './lean-client.js';

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench kettle rainfall';
/** Cheap calls: enough connections to keep the server busy. */
const CHEAP_CONNECTIONS = 10;
/** argon2 runs on libuv's thread pool (4 threads): the same concurrency for the API and for raw verifies. */
const ARGON2_CONCURRENCY = 4;
/**
 * Sign-ins (and raw verifies) before the measured rounds: a server that has been up a while has its sign-in
 * path optimised, and at ~200 sign-ins a second V8 gets there only after some thousands (decision 097).
 */
const PASSWORD_WARM_UP = 3000;
/** Sign-ups before theirs are measured: each one is a new account and a mail in the outbox. */
const SIGN_UP_WARM_UP = 1000;

/**
 * `concurrency` loops of one library call after another for `seconds`, in this process, each call timed:
 * a raw floor. Its CPU figure is this process's (the bench's, idle otherwise while the calls run).
 */
function rawRound(label: string, concurrency: number, call: () => Promise<void>) {
  return (seconds: number): Promise<Round> =>
    withCpu(ownCpu, async () => {
      const window = roundWindow(seconds);
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (window.isOpen()) {
            const sentAt = performance.now();
            await call();
            window.answered(sentAt);
          }
        }),
      );
      return window.round(label);
    });
}

/**
 * Raw argon2 verifications straight from the library (the app's own verifyPassword holds them to one per
 * core, decision 207): the ceiling of password sign-in.
 */
const rawVerifications = (stored: string, concurrency: number) =>
  rawRound('raw argon2 verify', concurrency, async () => {
    if (!(await verify(stored, PASSWORD))) throw new Error('verification failed');
  });

/** Raw argon2 hashes of new passwords straight from the library, with the app's parameters: sign-up's ceiling. */
const rawHashes = (concurrency: number) =>
  rawRound('raw argon2 hash', concurrency, async () => void (await hash(PASSWORD, ARGON2_OPTIONS)));

const json = { 'content-type': 'application/json' };

async function run() {
  const server = await startBenchServer({ email: EMAIL, password: PASSWORD });
  const { url, token, folder } = server;
  const betterAuth = await startPeer('better-auth', { folder, email: EMAIL, password: PASSWORD });
  try {
    const session = await fetch(`${betterAuth.url}/api/auth/get-session`, {
      headers: { cookie: betterAuth.cookie ?? '' },
    });
    if (!((await session.json()) as { session?: unknown } | null)?.session) {
      throw new Error('Better Auth did not recognise its own session cookie');
    }
    console.log(
      `  ${availableParallelism()} cores, SQLite files in ${folder} (the app's and Better Auth's, side by side); each side ${PHASE_SECONDS} s in ${ROUNDS} alternating rounds, after 1 s of warm-up`,
    );
    const passwordLogin = {
      label: 'POST /api/v1/login (password)',
      round: (seconds: number) =>
        withCpu(server.cpu, () =>
          leanLoad(
            {
              url: `${url}/api/v1/login`,
              method: 'POST',
              headers: json,
              body: JSON.stringify({ session: { email: EMAIL, password: PASSWORD } }),
              connections: ARGON2_CONCURRENCY,
            },
            seconds,
          ),
        ),
    };

    console.log(
      `password sign-in against raw argon2id verifications, concurrency ${ARGON2_CONCURRENCY}, after ${PASSWORD_WARM_UP} of each unmeasured`,
    );
    const stored = await hashPassword(PASSWORD);
    const [raw, rawPerCore, password] = await compareAll(
      [
        {
          label: `raw argon2 verify (×${ARGON2_CONCURRENCY})`,
          round: rawVerifications(stored, ARGON2_CONCURRENCY),
        },
        {
          label: `raw argon2 verify (×${MACHINE_CPUS}, one per core)`,
          round: rawVerifications(stored, MACHINE_CPUS),
        },
        passwordLogin,
      ],
      { warmUpRequests: PASSWORD_WARM_UP },
    );
    printMeasurement(raw!, 'verify/s');
    printMeasurement(rawPerCore!, 'verify/s');
    printMeasurement(password!);
    report('passwordSignIn', password!.perSecond / raw!.perSecond, cpuNote(password!, raw!));
    console.log(
      `  → against raw verifications one per core, the bare floor (${ARGON2_CONCURRENCY} at once on ${MACHINE_CPUS} cores also pay for sharing them): ${(password!.perSecond / rawPerCore!.perSecond).toFixed(2)}×  ${cpuNote(password!, rawPerCore!)}`,
    );

    // Sign-up has no goal of its own (issue 11 set none): it is printed so that what a sign-up adds to its
    // hash (the account, its session, the verification code and its mail, decision 174) stays in view.
    console.log(
      `sign-up against raw argon2id hashes, concurrency ${ARGON2_CONCURRENCY}, after ${SIGN_UP_WARM_UP} of each unmeasured`,
    );
    let signUps = 0;
    const [rawHash, signUp] = await compareAll(
      [
        { label: `raw argon2 hash (×${ARGON2_CONCURRENCY})`, round: rawHashes(ARGON2_CONCURRENCY) },
        {
          label: 'POST /api/v1/users (sign-up)',
          round: (seconds: number) =>
            withCpu(server.cpu, () =>
              leanLoad(
                {
                  url: `${url}/api/v1/users`,
                  method: 'POST',
                  headers: json,
                  body: () =>
                    JSON.stringify({
                      user: { email: `new${(signUps += 1)}@example.com`, password: PASSWORD },
                    }),
                  connections: ARGON2_CONCURRENCY,
                },
                seconds,
              ),
            ),
        },
      ],
      { warmUpRequests: SIGN_UP_WARM_UP },
    );
    printMeasurement(rawHash!, 'hash/s');
    printMeasurement(signUp!);
    console.log(
      `  → sign-up vs raw argon2id hash, same concurrency: ${(signUp!.perSecond / rawHash!.perSecond).toFixed(2)}× (no goal: issue 11 set none)  ${cpuNote(signUp!, rawHash!)}`,
    );

    console.log(`password sign-in against Better Auth's (scrypt), concurrency ${ARGON2_CONCURRENCY}`);
    const [theirs, ours] = await compare(
      {
        label: 'Better Auth sign-in/email',
        round: (seconds) =>
          withCpu(betterAuth.cpu, () =>
            leanLoad(
              {
                url: `${betterAuth.url}/api/auth/sign-in/email`,
                method: 'POST',
                headers: { ...json, origin: betterAuth.url },
                body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
                connections: ARGON2_CONCURRENCY,
              },
              seconds,
            ),
          ),
      },
      passwordLogin,
    );
    printMeasurement(theirs);
    printMeasurement(ours);
    console.log(
      `  → password sign-in vs Better Auth: ${(ours.perSecond / theirs.perSecond).toFixed(2)}× (no goal: the hashes differ, argon2id here, scrypt there)`,
    );

    console.log(`session check against Better Auth get-session, ${CHEAP_CONNECTIONS} connections`);
    const [getSession, me] = await compare(
      {
        label: 'Better Auth GET get-session',
        round: (seconds) =>
          http(
            {
              url: `${betterAuth.url}/api/auth/get-session`,
              headers: { cookie: betterAuth.cookie ?? '' },
              connections: CHEAP_CONNECTIONS,
            },
            seconds,
            betterAuth.cpu,
          ),
      },
      {
        label: 'GET /api/v1/me (Bearer)',
        round: (seconds) =>
          http(
            {
              url: `${url}/api/v1/me`,
              headers: { authorization: `Bearer ${token}` },
              connections: CHEAP_CONNECTIONS,
            },
            seconds,
            server.cpu,
          ),
      },
    );
    printMeasurement(getSession);
    printMeasurement(me);
    report('sessionCheck', me.perSecond / getSession.perSecond, cpuNote(me, getSession));
  } finally {
    await betterAuth.stop();
    await server.close();
  }
}

export const authBench: Bench = { name: 'auth', run };
