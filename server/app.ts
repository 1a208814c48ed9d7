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
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { databaseCheck, healthRoutes } from './health/health.routes.js';
import { registerErrorHandling } from './http/error-handler.js';
import { loggerOptions } from './http/logger.js';
import { AccountEvents } from './push/account-events.js';
import { InProcessBus, type PushBus } from './push/bus.js';
import { RedisBus } from './push/redis-bus.js';
import { qrRoutes } from './qr/qr.routes.js';
import { registerRateLimits, type RateLimitOptions } from './rate-limit/rate-limit.plugin.js';
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
}: AppOptions): Promise<FastifyInstance> {
  const database = openDatabase(config.databaseUrl);
  let app: FastifyInstance;
  try {
    await migrateToLatest(database);
    app = Fastify({
      logger: logger ?? loggerOptions(config.logLevel),
      bodyLimit: BODY_LIMIT,
      trustProxy: config.trustProxy,
      return503OnClosing: true,
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
      ? new RedisBus(config.redisUrl, { onError: (err) => app.log.warn({ err }, 'push bus: Redis error') })
      : new InProcessBus());
  app.decorate('bus', pushBus);
  app.decorate('accountEvents', new AccountEvents(pushBus));
  app.addHook('onClose', async () => {
    if (!bus) await pushBus.close();
    await database.close();
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
  await app.register(healthRoutes, {
    checks: [
      databaseCheck(database.db),
      ...(pushBus instanceof RedisBus ? [{ name: 'redis' as const, check: () => pushBus.ping() }] : []),
    ],
  });
  registerRateLimits(app, rateLimits);
  await registerAccounts(app);
  await app.register(qrRoutes);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(webRoutes, { config, webRoot });
  return app;
}
