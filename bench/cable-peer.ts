/**
 * The server side of the cable benchmark, run in a process of its own so its memory is measured alone.
 * `app`: the whole app on a fresh SQLite database with one user and N sessions. `baseline`: a bare `ws`
 * server that only welcomes and fans out the same frame, serialised once per broadcast, the floor that the
 * app's figures are set against. `socketio`: socket.io 4 (WebSocket transport) emitting the same frame to
 * all, a peer.
 * Talks to the benchmark over IPC: ready → {url, tokens}; memory → usage after a full GC; broadcast → the
 * time the server spent handing the frame to every socket (its fan-out, before the network).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Server as SocketIoServer } from 'socket.io';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createSession } from '../server/sessions/sessions.service.js';
import { BASELINE_FRAME, BENCH_ORIGIN, type PeerReply, type PeerRequest } from './cable-protocol.js';
import { insertTestUser } from '../server/test/fixtures.js';

const send = (reply: PeerReply) => process.send?.(reply);

function memory(): NodeJS.MemoryUsage {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: the first pass can leave objects that only the second frees (weak references, finalisers).
  gc?.();
  gc?.();
  return process.memoryUsage();
}

async function startApp(connections: number) {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-cable-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(folder, 'app.sqlite')}`,
    OUTBOX_DIR: join(folder, 'outbox'),
    PUBLIC_URL: BENCH_ORIGIN,
    LOG_LEVEL: 'silent',
    // Every bench client connects from 127.0.0.1: lift the per-address cap (decision 075) to the crowd's size.
    CABLE_MAX_SOCKETS_PER_IP: String(Math.max(300, connections)),
  });
  const app = await buildApp({ config });
  await app.ready();
  const { db } = app.database;
  const user = await insertTestUser(db, { email: 'bench@example.com', passwordHash: 'not used' });
  const tokens = await db.transaction().execute(async (tx) => {
    const issued: string[] = [];
    for (let n = 0; n < connections; n++) {
      issued.push((await createSession(tx, { userId: user.id, kind: 'password' })).token);
    }
    return issued;
  });
  // A listen backlog for a crowd connecting at once.
  const address = await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  return {
    url: `${address.replace(/^http/, 'ws')}/cable`,
    tokens,
    broadcast: () => app.ctx.events.passwordChanged(user.id),
    stop: async () => {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function startBaseline(connections: number) {
  const server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    backlog: 4096,
    perMessageDeflate: false,
    maxPayload: 64 * 1024,
  });
  await new Promise((resolve) => server.once('listening', resolve));
  // The protocol's floor: a welcome, and a ping every 3 s to each socket, spread as the app spreads them.
  const slices: Array<Set<WebSocket>> = Array.from({ length: 10 }, () => new Set());
  let joined = 0;
  server.on('connection', (socket) => {
    const slice = slices[joined++ % slices.length]!;
    slice.add(socket);
    socket.on('close', () => slice.delete(socket));
    socket.send(JSON.stringify({ type: 'welcome' }));
  });
  let beat = 0;
  const heartbeat = setInterval(() => {
    beat = (beat + 1) % slices.length;
    const frame = Buffer.from(JSON.stringify({ type: 'ping', message: Math.floor(Date.now() / 1000) }));
    for (const socket of slices[beat]!) socket.send(frame, { binary: false });
  }, 300);
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/cable`,
    tokens: Array.from({ length: connections }, () => 'unused'),
    broadcast: async () => {
      // Serialised once for all sockets, as a broadcast should be.
      const frame = Buffer.from(BASELINE_FRAME);
      for (const client of server.clients) client.send(frame, { binary: false });
    },
    stop: () => {
      clearInterval(heartbeat);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function startSocketIo(connections: number) {
  const http = createServer();
  const io = new SocketIoServer(http, {
    transports: ['websocket'],
    serveClient: false,
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve) => http.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    tokens: Array.from({ length: connections }, () => 'unused'),
    broadcast: async () => {
      io.emit('message', BASELINE_FRAME);
    },
    stop: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}

const starters = { app: startApp, baseline: startBaseline, socketio: startSocketIo };
const [mode = 'app', count = '2000'] = process.argv.slice(2);
const peer = await starters[mode as keyof typeof starters](Number(count));
process.on('message', async (request: PeerRequest) => {
  if (request.type === 'memory') send({ type: 'memory', usage: memory() });
  if (request.type === 'broadcast') {
    const started = performance.now();
    await peer.broadcast();
    send({ type: 'broadcasted', fanOutMs: performance.now() - started });
  }
  if (request.type === 'stop') {
    await peer.stop();
    process.exit(0);
  }
});
send({ type: 'ready', url: peer.url, tokens: peer.tokens });
