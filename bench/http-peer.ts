/**
 * One HTTP server of the benchmarks, in a process of its own so the load generator does not share its event
 * loop. `app`: the whole app on the SQLite file given, default logging, rate limits lifted, one account
 * signed up. `fastify`: a bare Fastify 5 with its default logger and one hello-JSON route, the floor of the
 * HTTP figures. `fastify-no-logger`: the same without a logger, the limit (what logging itself costs). `better-auth`: Better Auth with e-mail and password on SQLite (better-sqlite3, as the app),
 * in a file of its own beside the app's, one account.
 * Started and stopped by bench.ts (startPeer): ready → {url, token?, cookie?}; cpu → {usage, mainThreadNs};
 * stop → exits.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../server/rate-limit/rate-limits.js';
import type { PeerReady } from './bench.js';

const [mode = 'app', folder = '.', email = '', password = ''] = process.argv.slice(2);
// Each server its own file in the folder: the app holds its SQLite file alone (decision 095).
const database = join(folder, mode === 'better-auth' ? 'better-auth.sqlite' : 'app.sqlite');

// A benchmark is one client hammering one account from one address: every limit is lifted.
const NO_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((rule) => [
    rule,
    { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
  ]),
) as RateLimitSettings;

async function startApp(): Promise<{ ready: PeerReady; stop: () => Promise<void> }> {
  const config = loadConfig({
    DATABASE_URL: `sqlite:${database}`,
    OUTBOX_DIR: join(folder, 'outbox'),
  });
  // The built page and its assets, for the first-visit and paint figures.
  const webRoot = process.env.BENCH_WEB_ROOT || null;
  const app = await buildApp({ config, webRoot, overrides: { rateLimits: { settings: NO_LIMITS } } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    payload: { user: { email, password } },
  });
  return { ready: { url, token: signUp.json().auth_token as string }, stop: () => app.close() };
}

async function startFastify({ logger = true } = {}) {
  const app = Fastify({ logger });
  app.get('/hello', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { ready: { url }, stop: () => app.close() };
}

async function startBetterAuth() {
  const { default: Database } = await import('better-sqlite3');
  const { betterAuth } = await import('better-auth');
  const { getMigrations } = await import('better-auth/db/migration');
  const { toNodeHandler } = await import('better-auth/node');
  const sqlite = new Database(database);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const auth = betterAuth({
    baseURL: url,
    secret: 'a bench secret that is long enough for better auth',
    database: sqlite,
    emailAndPassword: { enabled: true },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
  });
  await (await getMigrations(auth.options)).runMigrations();
  server.on('request', toNodeHandler(auth));
  await auth.api.signUpEmail({ body: { email, password, name: 'Bench' } });
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`Better Auth sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const stop = async () => {
    await new Promise((resolve) => server.close(resolve));
    sqlite.close();
  };
  return { ready: { url, cookie }, stop };
}

/**
 * Nanoseconds the main thread (the event loop) has run, from Linux's schedstat; null elsewhere. The
 * probe's figure for what the app adds beside libuv's pool (argon2), which process.cpuUsage() mixes in.
 */
function mainThreadNs(): number | null {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

const starters = {
  app: startApp,
  fastify: () => startFastify(),
  'fastify-no-logger': () => startFastify({ logger: false }),
  'better-auth': startBetterAuth,
};
const start = starters[mode as keyof typeof starters];
if (!start) throw new Error(`unknown mode ${mode}`);
const peer = await start();
process.on('message', async (message: { type: string }) => {
  // The CPU this process has used so far (every thread: the event loop, libuv's pool, the log output), so
  // the bench can take the CPU time per request, the figure that holds when the machine is shared.
  if (message.type === 'cpu') {
    process.send?.({ type: 'cpu', usage: process.cpuUsage(), mainThreadNs: mainThreadNs() });
    return;
  }
  if (message.type !== 'stop') return;
  await peer.stop();
  process.exit(0);
});
process.send?.({ type: 'ready', ...peer.ready });
