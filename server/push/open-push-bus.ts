import { APP_PREFIX } from '../../contract/app.js';
import type { Config } from '../config.js';
import { InProcessBus, type PushBus } from './bus.js';
import { RedisBus } from './redis-bus.js';

export interface OpenedPushBus {
  bus: PushBus;
  /** Asks Redis, when broadcasts go through it (a readiness check). */
  ping: (() => Promise<void>) | null;
  /** Closes the bus this opened; a bus handed in is closed by its owner. */
  close(): Promise<void>;
}

/** The push bus: over Redis with REDIS_URL (every instance hears every broadcast), in process without. */
export function openPushBus(
  { config, onRedisError }: { config: Config; onRedisError: (error: Error) => void },
  given?: PushBus,
): OpenedPushBus {
  if (given) return { bus: given, ping: null, close: async () => {} };
  if (!config.redisUrl) {
    const bus = new InProcessBus();
    return { bus, ping: null, close: () => bus.close() };
  }
  const bus = new RedisBus(config.redisUrl, {
    prefix: `${config.redisKeyPrefix}${APP_PREFIX}:`,
    onError: onRedisError,
  });
  return { bus, ping: () => bus.ping(), close: () => bus.close() };
}
