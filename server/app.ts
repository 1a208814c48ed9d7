import { createServer } from 'node:http';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerAccounts } from './accounts/accounts.plugin.js';
import { registerCable } from './cable/cable.routes.js';
import { APP_PREFIX } from '../contract/app.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { databaseCheck, healthRoutes, type ReadinessCheck } from './health/health.routes.js';
import { registerErrorHandling } from './http/error-handler.js';
import { loggerOptions } from './http/logger.js';
import { pricesRoutes } from './prices/prices.routes.js';
import { pricesServiceFor } from './prices/prices.service.js';
import { AccountEvents } from './push/account-events.js';
import { InProcessBus, type PushBus } from './push/bus.js';
import { RedisBus } from './push/redis-bus.js';
import { qrRoutes } from './qr/qr.routes.js';
import { registerRateLimits, type RateLimitOptions } from './rate-limit/rate-limit.plugin.js';
import { RedisRateLimitStore } from './rate-limit/redis-store.js';
import { registerSecurityHeaders } from './security/headers.js';
import { registerXsrf } from './security/xsrf.js';
import { webRoutes } from './web/web.routes.js';

export interface AppOptions {
  config: Config;
  /** Folder of the built web app (index.html and assets); null serves the API alone. */
  webRoot?: string | null;
  /** Overrides the configured logger, e.g. a stream that a test reads back. */
  logger?: FastifyServerOptions['logger'];
  /** Overrides the push bus (tests share one between two apps to act as two instances). */
  bus?: PushBus;
  /** Rate-limit settings and store (tests lower or raise limits; a Redis store shares counters). */
  rateLimits?: RateLimitOptions;
  /** How long a whole request (headers and body) may take to arrive; slower ones get 408 (slow-loris). */
  requestTimeoutMs?: number;
}

export const BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    bus: PushBus;
    accountEvents: AccountEvents;
  }
}

/** Builds the whole app: the process entry and the tests both call this and nothing else. */
export async function buildApp({
  config,
  webRoot = null,
  logger,
  bus,
  rateLimits,
  requestTimeoutMs = 30_000,
}: AppOptions): Promise<FastifyInstance> {
  const database = openDatabase(config.databaseUrl);
  let app: FastifyInstance;
  try {
    await migrateToLatest(database);
    app = Fastify({
      logger: logger ?? loggerOptions(config.logLevel),
      bodyLimit: BODY_LIMIT,
      // Node checks request deadlines only every 30 s by default: far too lazy against slow-loris.
      serverFactory: (handler) =>
        createServer(
          {
            requestTimeout: requestTimeoutMs,
            headersTimeout: Math.min(requestTimeoutMs, 20_000),
            connectionsCheckingInterval: Math.min(requestTimeoutMs / 2, 2000),
          },
          handler,
        ),
      trustProxy: config.trustProxy,
      // While closing, requests already on an open connection are still served (see below).
      return503OnClosing: false,
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
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
  app.addHook('onClose', async () => {
    if (!bus) await pushBus.close();
    await database.close();
  });

  // Graceful shutdown: Node closes idle keep-alive connections once, when closing starts; a reply that was
  // in flight then would leave its connection open and the close waiting. Replies sent while closing say
  // `Connection: close`, so every connection ends with its last reply.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await registerXsrf(app, config);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: `${config.appName} API`, version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  // First of the routes: the socket plugin has to see every route registered after it.
  await registerCable(app);

  // With REDIS_URL, rate-limit counters are shared by every instance (unless a test hands in a store).
  const redisStore =
    config.redisUrl && !rateLimits?.store
      ? new RedisRateLimitStore(config.redisUrl, config.redisKeyPrefix, (error) =>
          app.log.warn({ err: error }, 'Redis connection trouble (rate limits)'),
        )
      : null;
  if (redisStore) app.addHook('onClose', () => redisStore.close());
  const redisPings = [
    ...(redisStore ? [() => redisStore.ping()] : []),
    ...(pushBus instanceof RedisBus ? [() => pushBus.ping()] : []),
  ];
  const checks: ReadinessCheck[] = [databaseCheck(database.db)];
  if (redisPings.length > 0) {
    checks.push({
      name: 'redis',
      check: async () => void (await Promise.all(redisPings.map((ping) => ping()))),
    });
  }

  await app.register(healthRoutes, { checks });
  registerRateLimits(app, { ...rateLimits, store: rateLimits?.store ?? redisStore ?? undefined });
  await registerAccounts(app);
  await app.register(qrRoutes);
  await app.register(pricesRoutes, { service: pricesServiceFor({ config, log: app.log }) });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(webRoutes, { config, webRoot });
  return app;
}
