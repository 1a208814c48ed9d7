import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { APP_PREFIX } from '../../contract/app.js';
import { MAX_SOCKETS_PER_SESSION, SocketCounter } from './socket-limits.js';

/** The push sockets of each session, counted on this instance or on every instance at once. */
export interface SessionSocketCap {
  /** Counts the socket `socketId` for the session; false (nothing counted) when it already holds the most. */
  take(sessionId: number, socketId: string): Promise<boolean>;
  give(sessionId: number, socketId: string): void;
  close(): Promise<void>;
}

/** One instance: a count in memory. */
export class LocalSessionSocketCap implements SessionSocketCap {
  private readonly counter = new SocketCounter<number>(MAX_SOCKETS_PER_SESSION);
  async take(sessionId: number): Promise<boolean> {
    return this.counter.take(sessionId);
  }
  give(sessionId: number): void {
    this.counter.give(sessionId);
  }
  async close(): Promise<void> {}
}

/** A socket not refreshed for this long belongs to an instance that died: it no longer counts. */
const STALE_MS = 60_000;
const REFRESH_MS = STALE_MS / 3;
const COMMAND_TIMEOUT_MS = 1000;

// One round trip, atomic, on Redis's clock (instances' clocks may differ): drop the sockets of dead
// instances, refuse at the cap, else count this one. The key lives as long as its newest socket could.
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;
const REFRESH_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

// ioredis is loaded when REDIS_URL is set, not at every start (the cold-start figure, decisions 161 and 171).
const require = createRequire(import.meta.url);

type Commands = {
  bullappSocketTake(key: string, staleMs: number, max: number, member: string): Promise<number>;
  bullappSocketRefresh(key: string, staleMs: number, member: string): Promise<number>;
};

/**
 * DESIGN section 7 with REDIS_URL: at most 20 push sockets per session across every instance. Each session
 * has a sorted set in Redis of its sockets (this instance's id and the socket's), scored by when they were
 * last confirmed; each instance confirms its own every 20 s, so the sockets of an instance that died stop
 * counting after a minute. While Redis does not answer, a socket is let in (and logged): the push channel
 * stays up, and the cap holds again when Redis is back.
 */
export class RedisSessionSocketCap implements SessionSocketCap {
  private readonly redis: Redis & Commands;
  private readonly instance = randomUUID();
  private readonly mine = new Map<string, number>();
  private readonly refresher: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const { Redis } = require('ioredis') as typeof IORedis;
    const redis = new Redis(url, { commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
    redis.on('error', (err) => log.warn({ err }, 'cable: Redis error (socket cap)'));
    redis.defineCommand('bullappSocketTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    redis.defineCommand('bullappSocketRefresh', { numberOfKeys: 1, lua: REFRESH_SCRIPT });
    this.redis = redis as Redis & Commands;
    this.refresher = setInterval(() => this.refresh(), REFRESH_MS);
    this.refresher.unref();
  }

  private keyOf(sessionId: number) {
    return `${this.prefix}${APP_PREFIX}:cable:session:${sessionId}`;
  }

  private memberOf(socketId: string) {
    return `${this.instance}:${socketId}`;
  }

  async take(sessionId: number, socketId: string): Promise<boolean> {
    try {
      const member = this.memberOf(socketId);
      const taken = await this.redis.bullappSocketTake(
        this.keyOf(sessionId),
        STALE_MS,
        MAX_SOCKETS_PER_SESSION,
        member,
      );
      if (taken === 1) this.mine.set(member, sessionId);
      return taken === 1;
    } catch (err) {
      this.log.warn({ err }, 'cable: the socket cap could not be read in Redis; socket let in');
      return true;
    }
  }

  give(sessionId: number, socketId: string): void {
    const member = this.memberOf(socketId);
    if (!this.mine.delete(member)) return;
    this.redis
      .zrem(this.keyOf(sessionId), member)
      .catch((err: unknown) => this.log.warn({ err }, 'cable: a socket could not be uncounted in Redis'));
  }

  private refresh() {
    for (const [member, sessionId] of this.mine)
      this.redis
        .bullappSocketRefresh(this.keyOf(sessionId), STALE_MS, member)
        .catch((err: unknown) => this.log.warn({ err }, 'cable: a socket could not be confirmed in Redis'));
  }

  async close(): Promise<void> {
    clearInterval(this.refresher);
    const pending = [...this.mine].map(([member, sessionId]) =>
      this.redis.zrem(this.keyOf(sessionId), member).catch(() => 0),
    );
    this.mine.clear();
    await Promise.all(pending);
    this.redis.disconnect();
  }
}
