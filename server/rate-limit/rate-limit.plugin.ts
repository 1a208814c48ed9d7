import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getOrCreateSecret } from '../audit/app-secrets.repository.js';
import { MemoryRateLimitStore } from './memory-store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { RateLimiter, type RateLimitSettings } from './rate-limits.js';
import { RedisRateLimitStore } from './redis-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitOptions {
  /** Overrides some limits (tests lower or raise them); the rest keep DEFAULT_RATE_LIMITS. */
  settings?: Partial<RateLimitSettings>;
  /** Counters shared by instances; without one, counters live in Redis with REDIS_URL, else in this process. */
  store?: RateLimitStore;
}

function ownStore(app: FastifyInstance): RateLimitStore {
  const { redisUrl, redisKeyPrefix } = app.config;
  if (!redisUrl) return new MemoryRateLimitStore();
  const store = new RedisRateLimitStore(redisUrl, redisKeyPrefix, (error) =>
    app.log.warn({ err: error }, 'Redis connection trouble (rate limits)'),
  );
  app.readiness.add('redis', () => store.ping());
  return store;
}

/** The `app_secrets` row whose value keys the counters (HMAC-SHA-256). */
export const RATE_LIMIT_KEY_NAME = 'rate_limit_key';

async function rateLimitPlugin(app: FastifyInstance, { settings, store }: RateLimitOptions) {
  const used = store ?? ownStore(app);
  const limiter = new RateLimiter(used, settings);
  app.decorate('rateLimiter', limiter);
  app.addHook('onReady', async () => {
    const key = await getOrCreateSecret(
      app.database.db,
      RATE_LIMIT_KEY_NAME,
      randomBytes(32).toString('base64url'),
    );
    limiter.useKey(Buffer.from(key, 'base64url'));
  });
  // A store handed in belongs to the caller, who closes it.
  if (!store) app.addHook('onClose', () => used.close());
}

export default fp(rateLimitPlugin, {
  name: 'rate-limits',
  dependencies: ['config', 'database', 'readiness'],
});
