import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_PREFIX } from '../../contract/app.js';
import { AccountEvents } from './account-events.js';
import { InProcessBus, type PushBus } from './bus.js';
import { RedisBus } from './redis-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: PushBus;
    accountEvents: AccountEvents;
  }
}

export interface PushOptions {
  /** A bus handed in (tests share one between two apps to act as two instances) is closed by its owner. */
  bus?: PushBus;
}

/** The push bus: over Redis with REDIS_URL (every instance hears every broadcast), in process without. */
async function pushPlugin(app: FastifyInstance, { bus }: PushOptions) {
  const { config } = app;
  const pushBus =
    bus ??
    (config.redisUrl
      ? new RedisBus(config.redisUrl, {
          prefix: `${config.redisKeyPrefix}${APP_PREFIX}:`,
          onError: (err) => app.log.warn({ err }, 'push bus: Redis error'),
        })
      : new InProcessBus());
  app.decorate('bus', pushBus);
  app.decorate('accountEvents', new AccountEvents(pushBus));
  if (pushBus instanceof RedisBus) app.readiness.add('redis', () => pushBus.ping());
  if (!bus) app.addHook('onClose', () => pushBus.close());
}

export default fp(pushPlugin, { name: 'push', dependencies: ['config', 'readiness'] });
