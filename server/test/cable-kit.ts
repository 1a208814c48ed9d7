import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import { CABLE_SUBPROTOCOL, type SessionKind } from '../../contract/cable.js';
import type { AppContextOverrides } from '../app-context.js';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { hashPassword } from '../users/password-hashing.js';
import { createSession } from '../sessions/sessions.service.js';
import {
  appKeysEnvFor,
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
  type TestDialect,
} from './helper.js';
import { insertTestUser } from './fixtures.js';

/** Tools for tests of the push channel: apps listening on a real port, users, and raw sockets. */

export const PUBLIC_URL = 'http://app.test';

export interface ListeningApp {
  app: FastifyInstance;
  cableUrl: string;
  close(): Promise<void>;
}

export interface SharedDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database for one test, or for two app instances that share it. */
export async function createSharedDatabase(dialect: TestDialect = 'sqlite'): Promise<SharedDatabase> {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-cable-'));
  const database: TestDatabase = await createTestDatabase(dialect, folder);
  return {
    url: database.url,
    // A PostgreSQL schema goes with the rest of the run's (server/test/global-setup.ts).
    async drop() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The setting that lets several app instances of one test open one SQLite file (the app holds its file alone
 * by default: server/db/database.ts). Instances started by `listen` share their file in two-instance tests.
 */
export const SHARED_SQLITE_FILE = { SQLITE_LOCKING: 'normal' } as const;

/** Builds the whole app on the given database and listens on a free port of 127.0.0.1. */
export async function listen(
  databaseUrl: string,
  options: { env?: Record<string, string> } & Pick<AppOptions, 'logger'> &
    Pick<AppContextOverrides, 'bus'> = {},
): Promise<ListeningApp> {
  // A folder of its own for the mail outbox: other runs of the suite may share this machine's /tmp.
  const outbox = mkdtempSync(join(tmpdir(), 'bullapp-cable-outbox-'));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    OUTBOX_DIR: outbox,
    REDIS_KEY_PREFIX: testRedisPrefix(),
    ...SHARED_SQLITE_FILE,
    ...appKeysEnvFor(databaseUrl),
    ...options.env,
  });
  const app = await buildApp({ config, overrides: { bus: options.bus }, logger: options.logger });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    cableUrl: `${address.replace(/^http/, 'ws')}/cable`,
    async close() {
      await app.close();
      rmSync(outbox, { recursive: true, force: true });
    },
  };
}

export async function createUser(
  db: Db,
  { email = 'ada@example.com', password = 'correct horse battery' } = {},
) {
  const user = await insertTestUser(db, { email, passwordHash: await hashPassword(password) });
  return { id: user.id, email, password };
}

export async function signIn(db: Db, userId: number, kind: SessionKind = 'password', pending = false) {
  const { token, session } = await createSession(db, { userId, kind, pending });
  return { token, sessionId: session.id };
}

export type Frame = Record<string, unknown>;

/** A raw WebSocket client that keeps every frame the server sends, for tests to read in order. */
export class RawSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters = new Set<() => void>();
  private read = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.waiters.forEach((wake) => wake());
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        this.waiters.forEach((wake) => wake());
      });
    });
  }

  /** Opens a socket like a browser on the app's page would: its Origin and the Action Cable subprotocol. */
  static open(
    url: string,
    {
      token,
      origin = PUBLIC_URL,
      protocols = [CABLE_SUBPROTOCOL, 'actioncable-unsupported'],
    }: OpenOptions = {},
  ): Promise<RawSocket> {
    const target = token === undefined ? url : `${url}?token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(target, protocols, origin === null ? {} : { origin });
    const raw = new RawSocket(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(raw));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          reject(new RefusedUpgrade(response.statusCode ?? 0, body));
          socket.terminate();
        });
      });
      // Kept for the socket's life: a late error (a reset) must not become an uncaught exception.
      socket.on('error', reject);
    });
  }

  send(frame: unknown) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame that is not a ping (or, with `pings`, the next ping). Fails after `timeoutMs`. */
  async next({ pings = false, timeoutMs = 2000 } = {}): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.read < this.frames.length) {
        const frame = this.frames[this.read++] as Frame;
        if ((frame.type === 'ping') === pings) return frame;
      }
      if (this.socket.readyState === WebSocket.CLOSED)
        throw new Error('The socket closed before the frame came');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** Opens, expects the welcome. */
  static async welcomed(url: string, options: OpenOptions = {}) {
    const socket = await RawSocket.open(url, options);
    const welcome = await socket.next();
    if (welcome.type !== 'welcome') throw new Error(`Expected a welcome, got ${JSON.stringify(welcome)}`);
    return socket;
  }

  /** Subscribes and expects the confirmation. */
  async subscribe(identifier = JSON.stringify({ channel: 'AccountChannel' })) {
    this.send({ command: 'subscribe', identifier });
    const reply = await this.next();
    if (reply.type !== 'confirm_subscription' || reply.identifier !== identifier) {
      throw new Error(`Expected a confirmation, got ${JSON.stringify(reply)}`);
    }
    return identifier;
  }

  close() {
    this.socket.terminate();
  }
}

export interface OpenOptions {
  token?: string;
  /** null sends no Origin header. */
  origin?: string | null;
  protocols?: string[];
}

export class RefusedUpgrade extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`The server refused the upgrade with ${status}: ${body}`);
  }
}

/**
 * For a test file of the push channel: `start` opens a database of its own and an app listening on it,
 * `track` hands over a socket; after each test every socket, the app and the database are closed.
 */
export function cableTestBed() {
  let database: SharedDatabase | undefined;
  let server: ListeningApp | undefined;
  const sockets: RawSocket[] = [];
  afterEach(async () => {
    sockets.splice(0).forEach((socket) => socket.close());
    await server?.close();
    await database?.drop();
    server = undefined;
    database = undefined;
  });
  return {
    async start(dialect: TestDialect, options?: Parameters<typeof listen>[1]): Promise<ListeningApp> {
      database = await createSharedDatabase(dialect);
      server = await listen(database.url, options);
      return server;
    },
    track<T extends RawSocket>(socket: T): T {
      sockets.push(socket);
      return socket;
    },
    /** Closes the app within the test (shutdown tests); the clean-up then leaves it alone. */
    closeServer(): Promise<void> {
      const closing = server?.close() ?? Promise.resolve();
      server = undefined;
      return closing;
    },
  };
}
