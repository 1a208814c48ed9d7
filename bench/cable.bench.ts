import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { io as socketIo } from 'socket.io-client';
import WebSocket from 'ws';
import type { Bench } from './bench.js';
import { percentile } from './bench.js';
import { BENCH_ORIGIN, type PeerReply, type PeerRequest } from './cable-protocol.js';
import { report } from './figures.js';

/**
 * Idle sockets held open at once: 2,000 for the fan-out figure of issue 11; BENCH_CABLE_CONNECTIONS
 * overrides (10,000 for the memory goal of decision 044).
 */
const CONNECTIONS = Number(process.env.BENCH_CABLE_CONNECTIONS ?? 2000);
/** Broadcasts measured after one for warm-up. */
const ROUNDS = Number(process.env.BENCH_CABLE_ROUNDS ?? 9);
/** Sockets opening at the same moment: enough to be quick, few enough not to overflow the listen queue. */
const OPENING_AT_ONCE = 200;
const OPEN_TIMEOUT_MS = 15_000;
const GOAL = { connections: 10_000, p99Ms: 250, bytesPerConnection: 30 * 1024 };
const IDENTIFIER = JSON.stringify({ channel: 'AccountChannel' });

type Mode = 'app' | 'baseline' | 'socketio';

/** One server process (the app, the bare `ws` baseline or socket.io), driven over IPC. */
class Peer {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly tokens: string[],
  ) {}

  static start(mode: Mode): Promise<Peer> {
    const child = fork(
      fileURLToPath(new URL('./cable-peer.ts', import.meta.url)),
      [mode, String(CONNECTIONS)],
      {
        execArgv: ['--import', 'tsx', '--expose-gc'],
      },
    );
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the ${mode} server exited with ${code}`)));
      child.stderr?.pipe(process.stderr);
      child.once('message', (reply: PeerReply) => {
        if (reply.type === 'ready') resolve(new Peer(child, reply.url, reply.tokens));
      });
    });
  }

  private ask<T extends PeerReply['type']>(request: PeerRequest, answer: T) {
    return new Promise<Extract<PeerReply, { type: T }>>((resolve, reject) => {
      const died = (code: number | null) => reject(new Error(`the server process exited with ${code}`));
      const listen = (reply: PeerReply) => {
        if (reply.type !== answer) return;
        this.child.off('message', listen);
        this.child.off('exit', died);
        resolve(reply as Extract<PeerReply, { type: T }>);
      };
      this.child.on('message', listen);
      this.child.once('exit', died);
      this.child.send(request);
    });
  }

  async memory() {
    return (await this.ask({ type: 'memory' }, 'memory')).usage;
  }

  broadcast() {
    return this.ask({ type: 'broadcast' }, 'broadcasted');
  }

  stop() {
    this.child.removeAllListeners('exit');
    return new Promise((resolve) => {
      this.child.once('exit', resolve);
      this.child.send({ type: 'stop' });
    });
  }
}

interface Client {
  close(): void;
  /** When the round's message arrived, or null while it is awaited. */
  arrivedAt: number | null;
}

/** Opens one socket.io client (WebSocket transport only, as the others). */
function openSocketIoClient(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = socketIo(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    const client: Client = { close: () => socket.disconnect(), arrivedAt: null };
    const timer = setTimeout(
      () => reject(new Error(`no connection within ${OPEN_TIMEOUT_MS} ms`)),
      OPEN_TIMEOUT_MS,
    );
    socket.on('connect', () => {
      clearTimeout(timer);
      resolve(client);
    });
    socket.on('connect_error', reject);
    socket.on('message', () => {
      client.arrivedAt = performance.now();
    });
  });
}

/** Opens one client: for the app it must be welcomed and have AccountChannel confirmed. */
function openClient(url: string, subscribe: boolean): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['actioncable-v1-json'], { origin: BENCH_ORIGIN });
    const client: Client = { close: () => socket.terminate(), arrivedAt: null };
    const timer = setTimeout(
      () => reject(new Error(`no welcome within ${OPEN_TIMEOUT_MS} ms`)),
      OPEN_TIMEOUT_MS,
    );
    socket.on('open', () => clearTimeout(timer));
    socket.on('error', reject);
    socket.on('message', (data) => {
      const text = String(data);
      if (text.includes('password_changed')) client.arrivedAt = performance.now();
      else if (text.includes('"welcome"')) {
        if (!subscribe) resolve(client);
        else socket.send(JSON.stringify({ command: 'subscribe', identifier: IDENTIFIER }));
      } else if (text.includes('confirm_subscription')) resolve(client);
      else if (text.includes('disconnect')) reject(new Error(`refused: ${text}`));
    });
  });
}

async function openAll(peer: Peer, mode: Mode): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < peer.tokens.length; start += OPENING_AT_ONCE) {
    const batch = peer.tokens.slice(start, start + OPENING_AT_ONCE);
    clients.push(
      ...(await Promise.all(
        batch.map((token) =>
          mode === 'socketio'
            ? openSocketIoClient(peer.url)
            : openClient(`${peer.url}?token=${encodeURIComponent(token)}`, mode === 'app'),
        ),
      )),
    );
  }
  return clients;
}

/** One broadcast: the time from asking the server to each client holding the message, in ms. */
async function round(peer: Peer, clients: Client[], fanOuts: number[] = []): Promise<number[]> {
  for (const client of clients) client.arrivedAt = null;
  const started = performance.now();
  fanOuts.push((await peer.broadcast()).fanOutMs);
  const deadline = started + 30_000;
  while (clients.some((client) => client.arrivedAt === null)) {
    if (performance.now() > deadline) throw new Error('a broadcast did not reach every client in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return clients.map((client) => (client.arrivedAt ?? started) - started);
}

interface Figures {
  p50: number;
  p99: number;
  max: number;
  /** Median time the server took to hand one broadcast to every socket. */
  fanOut: number;
  bytesPerConnection: number;
  heapPerConnection: number;
}

async function measure(mode: Mode): Promise<Figures> {
  const peer = await Peer.start(mode);
  try {
    const before = await peer.memory();
    const clients = await openAll(peer, mode);
    // Idle for a few beats, so buffers settle as they would on a quiet evening.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const after = await peer.memory();
    await round(peer, clients);
    const latencies: number[] = [];
    const fanOuts: number[] = [];
    const roundP99s: number[] = [];
    for (let n = 0; n < ROUNDS; n++) {
      const reached = (await round(peer, clients, fanOuts)).sort((a, b) => a - b);
      roundP99s.push(percentile(reached, 99));
      latencies.push(...reached);
    }
    latencies.sort((a, b) => a - b);
    for (const client of clients) client.close();
    const heap = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external + usage.arrayBuffers;
    return {
      p50: percentile(latencies, 50),
      // Each broadcast's own p99, the median over the rounds: a round's 2,000 latencies are 1% of five, so
      // pooled, one round slowed by the machine (a stray process, a collection) would be the p99.
      p99: percentile(
        roundP99s.sort((a, b) => a - b),
        50,
      ),
      max: latencies.at(-1) ?? 0,
      fanOut: percentile(
        fanOuts.sort((a, b) => a - b),
        50,
      ),
      bytesPerConnection: (after.rss - before.rss) / CONNECTIONS,
      heapPerConnection: (heap(after) - heap(before)) / CONNECTIONS,
    };
  } finally {
    await peer.stop();
  }
}

const PEERS: Mode[] = ['baseline', 'socketio', 'app'];

/** The figures of several passes, each the mean of theirs. */
function mean(passes: Figures[]): Figures | undefined {
  const first = passes[0];
  if (!first) return undefined;
  const average = (key: keyof Figures) => passes.reduce((sum, pass) => sum + pass[key], 0) / passes.length;
  const keys = Object.keys(first) as Array<keyof Figures>;
  return { ...first, ...Object.fromEntries(keys.map((key) => [key, average(key)])) };
}

/** RSS growth is coarse at small counts and heap growth misses native buffers: judge by the larger. */
const memoryPerConnection = (figures: Figures) =>
  Math.max(figures.bytesPerConnection, figures.heapPerConnection);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function print(label: string, figures: Figures) {
  console.log(
    `  ${label.padEnd(22)} p50 ${figures.p50.toFixed(1).padStart(7)} ms   p99 ${figures.p99.toFixed(1).padStart(7)} ms   max ${figures.max.toFixed(1).padStart(7)} ms   fan-out ${figures.fanOut.toFixed(1).padStart(6)} ms   ${kb(figures.bytesPerConnection).padStart(9)} RSS/conn   ${kb(figures.heapPerConnection).padStart(9)} heap/conn`,
  );
}

async function run() {
  console.log(
    `  ${availableParallelism()} cores; ${CONNECTIONS} authenticated idle sockets, one broadcast to all, ${ROUNDS} rounds after 1 of warm-up; p99 is each broadcast's, the median of the rounds; each peer measured twice (mean)`,
  );
  console.log(
    '  latency: from the broadcast call to each client holding the frame (clients in this process,',
  );
  console.log(
    '  on the same cores, so it includes their own reading); fan-out: server time to hand it to all sockets',
  );
  // Two passes in mirrored order (A B C C B A), so a change in the machine's load falls on all three alike.
  const passes = new Map<Mode, Figures[]>();
  for (const mode of [...PEERS, ...[...PEERS].reverse()]) {
    passes.set(mode, [...(passes.get(mode) ?? []), await measure(mode)]);
  }
  const [baseline, socketIo, app] = PEERS.map((mode) => mean(passes.get(mode) ?? []));
  if (!baseline || !socketIo || !app) throw new Error('a cable peer was not measured');
  print('bare ws broadcast', baseline);
  print('socket.io 4 emit', socketIo);
  print('/cable AccountChannel', app);
  console.log(
    `  ratios to the bare ws baseline: socket.io p99 ×${(socketIo.p99 / baseline.p99).toFixed(2)}; the app's RSS per connection ×${(app.bytesPerConnection / Math.max(1, baseline.bytesPerConnection)).toFixed(2)}`,
  );
  report('push', app.p99 / baseline.p99, `(p99 ${app.p99.toFixed(1)} ms vs ${baseline.p99.toFixed(1)} ms)`);
  const verdict = (ok: boolean) => (ok ? 'meets the goal' : 'MISSES the goal');
  console.log(
    `  goal (${GOAL.connections} connections, p99 < ${GOAL.p99Ms} ms, < ${kb(GOAL.bytesPerConnection)} per connection): p99 ${verdict(app.p99 < GOAL.p99Ms)}, memory ${verdict(memoryPerConnection(app) < GOAL.bytesPerConnection)}${CONNECTIONS < GOAL.connections ? ` (measured at ${CONNECTIONS}; BENCH_CABLE_CONNECTIONS=${GOAL.connections} for the goal's count)` : ''}`,
  );
}

export const cableBench: Bench = { name: 'cable', run };

// `npx tsx bench/cable.bench.ts` runs it alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
