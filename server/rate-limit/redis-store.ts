import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from './rate-limit-store.js';

// One round trip, atomic: count the hit, start the window on the first hit, report when it ends. The
// PTTL repair covers a key that lost its expiry (e.g. restored without TTLs), so no key lives forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

// A request waits for its counter: while Redis is away it fails within a second (a 503) rather than hang.
const COMMAND_TIMEOUT_MS = 1000;

// ioredis is loaded when REDIS_URL is set, not at every start (the cold-start figure, decision 161).
const require = createRequire(import.meta.url);

type HitCommand = (key: string, windowMs: number) => Promise<[number, number]>;

/** Rate-limit counters in Redis, shared by every instance. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    /** Keys arrive as `bullapp:rate:…`; this goes before them (REDIS_KEY_PREFIX). */
    private readonly prefix = '',
    onError: (error: Error) => void = () => {},
  ) {
    const { Redis } = require('ioredis') as typeof IORedis;
    this.redis = new Redis(url, {
      commandTimeout: COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
    });
    // Without a listener an 'error' event would crash the process; ioredis keeps reconnecting by itself.
    this.redis.on('error', onError);
    this.redis.defineCommand('bullappHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const hit = (this.redis as unknown as { bullappHit: HitCommand }).bullappHit;
    const [count, ttl] = await hit.call(this.redis, this.prefix + key, Math.max(1, Math.ceil(windowMs)));
    return { count: Number(count), resetInMs: Number(ttl) };
  }

  async peek(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  /** Answers while Redis does (the readiness check). */
  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}
