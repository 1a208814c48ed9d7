import type { AppMetrics } from '../metrics/metrics.js';
import { randomBytes } from 'node:crypto';
import { getOrCreateSecret } from '../audit/app-secrets.repository.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { MemoryRateLimitStore } from './memory-store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { RateLimiter, type RateLimitSettings } from './rate-limits.js';
import { RedisRateLimitStore } from './redis-store.js';

/** The `app_secrets` row whose value keys the counters (HMAC-SHA-256). */
export const RATE_LIMIT_KEY_NAME = 'rate_limit_key';

export interface RateLimitOptions {
  /** Overrides some limits (tests lower or raise them); the rest keep DEFAULT_RATE_LIMITS. */
  settings?: Partial<RateLimitSettings>;
  /** Counters shared by instances; without one, counters live in Redis with REDIS_URL, else in this process. */
  store?: RateLimitStore;
}

export interface OpenedRateLimiter {
  limiter: RateLimiter;
  /** Asks Redis, when the counters live there (a readiness check). */
  ping: (() => Promise<void>) | null;
  /** Closes the store this opened; a store handed in belongs to the caller, who closes it. */
  close(): Promise<void>;
}

/** The rate limiter of this configuration, keyed with the secret every instance reads from the database. */
export async function openRateLimiter(
  {
    config,
    db,
    metrics,
    onRedisError,
  }: { config: Config; db: Db; metrics?: AppMetrics; onRedisError: (error: Error) => void },
  { settings, store }: RateLimitOptions = {},
): Promise<OpenedRateLimiter> {
  const redis =
    !store && config.redisUrl
      ? new RedisRateLimitStore(config.redisUrl, config.redisKeyPrefix, onRedisError)
      : null;
  const used = store ?? redis ?? new MemoryRateLimitStore();
  const limiter = new RateLimiter(used, settings, metrics);
  const close = async () => {
    if (!store) await used.close();
  };
  try {
    const key = await getOrCreateSecret(db, RATE_LIMIT_KEY_NAME, randomBytes(32).toString('base64url'));
    limiter.useKey(Buffer.from(key, 'base64url'));
  } catch (error) {
    await close();
    throw error;
  }
  return { limiter, ping: redis ? () => redis.ping() : null, close };
}
