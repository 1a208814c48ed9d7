import type { FastifyInstance } from 'fastify';
import { MemoryRateLimitStore } from './memory-store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { RateLimiter, type RateLimitSettings } from './rate-limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitOptions {
  /** Overrides some limits (tests lower or raise them); the rest keep DEFAULT_RATE_LIMITS. */
  settings?: Partial<RateLimitSettings>;
  /** Counters shared by instances (Redis); without one, counters live in this process. */
  store?: RateLimitStore;
}

export function registerRateLimits(app: FastifyInstance, { settings, store }: RateLimitOptions = {}) {
  const ownStore = store ?? new MemoryRateLimitStore();
  app.decorate('rateLimiter', new RateLimiter(ownStore, settings));
  // A store handed in belongs to the caller, who closes it.
  if (!store) app.addHook('onClose', () => ownStore.close());
}
