import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import accounts from './accounts/accounts.plugin.js';
import audit from './audit/audit.plugin.js';
import cable from './cable/cable.routes.js';
import configPlugin from './config.plugin.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import databasePlugin from './db/database.plugin.js';
import data from './data/data.plugin.js';
import devices from './devices/devices.plugin.js';
import { migrateToLatest } from './db/migrate.js';
import { healthRoutes } from './health/health.routes.js';
import readiness from './health/readiness.plugin.js';
import housekeeping from './housekeeping/housekeeping.plugin.js';
import errorHandling from './http/error-handler.js';
import gracefulClose from './http/graceful-close.plugin.js';
import { loggerOptions, ownLineFormat } from './http/logger.js';
import replyBatch from './http/reply-batch.plugin.js';
import { replySerializerCompiler } from './http/reply-serializer.js';
import { OneLinePerRequest } from './http/request-log.js';
import { lazyRequestLogger } from './http/request-logger.js';
import openApi, { openApiRoutes } from './http/openapi.plugin.js';
import mailer from './mail/mailer.plugin.js';
import passkeys from './passkeys/passkeys.plugin.js';
import twoFactor from './two-factor/two-factor.plugin.js';
import passwords from './passwords/passwords.plugin.js';
import { paypalPlugin } from './paypal/paypal.plugin.js';
import { pricesRoutes } from './prices/prices.routes.js';
import { pricesServiceFor } from './prices/prices.service.js';
import type { PushBus } from './push/bus.js';
import push from './push/push.plugin.js';
import { qrRoutes } from './qr/qr.routes.js';
import rateLimits, { type RateLimitOptions } from './rate-limit/rate-limit.plugin.js';
import securityHeaders from './security/headers.js';
import requestUser from './sessions/request-user.js';
import { fastifyTrustProxy } from './security/trusted-proxies.js';
import xsrf from './security/xsrf.js';
import deviceCookies from './security/device-cookie.js';
import { subscriptionsPlugin } from './subscriptions/subscriptions.plugin.js';
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

function createFastify({
  config,
  logger,
  requestTimeoutMs,
}: Pick<AppOptions, 'config' | 'logger'> & { requestTimeoutMs: number }): FastifyInstance {
  const loggerSettings = logger ?? loggerOptions(config.logLevel);
  const app = Fastify({
    logger: loggerSettings,
    logController: new OneLinePerRequest(ownLineFormat(loggerSettings)),
    childLoggerFactory: lazyRequestLogger,
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
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While closing, requests already on an open connection are still served (graceful-close.plugin.ts).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  return app;
}

async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const database = openDatabase(config.databaseUrl, { sqliteLocking: config.sqliteLocking });
  try {
    await migrateToLatest(database);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Builds the whole app: the process entry and the tests both call this and nothing else. Each piece is a
 * plugin that names the plugins it depends on, so a registration out of order fails at start.
 */
export async function buildApp({
  config,
  webRoot = null,
  logger,
  bus,
  rateLimits: rateLimitOptions = {},
  requestTimeoutMs = 30_000,
}: AppOptions): Promise<FastifyInstance> {
  const database = await openMigratedDatabase(config);
  let app: FastifyInstance;
  try {
    app = createFastify({ config, logger, requestTimeoutMs });
  } catch (error) {
    await database.close();
    throw error;
  }

  // Building blocks.
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database });
  await app.register(requestUser);
  await app.register(gracefulClose);
  await app.register(replyBatch);
  await app.register(errorHandling);
  await app.register(securityHeaders);
  await app.register(xsrf);
  await app.register(deviceCookies);
  await app.register(openApi);
  await app.register(readiness);
  await app.register(push, { bus });
  // First of the routes: the socket plugin has to see every route registered after it.
  await app.register(cable);
  await app.register(rateLimits, rateLimitOptions);
  await app.register(mailer);
  await app.register(audit);
  await app.register(housekeeping);
  await app.register(paypalPlugin);

  // Features.
  await app.register(healthRoutes);
  await app.register(accounts);
  await app.register(passwords);
  await app.register(qrRoutes);
  await app.register(pricesRoutes, { service: pricesServiceFor({ config, log: app.log }) });
  await app.register(subscriptionsPlugin);
  await app.register(data);
  await app.register(passkeys);
  await app.register(devices);
  await app.register(twoFactor);
  await app.register(openApiRoutes);
  await app.register(webRoutes, { config, webRoot });
  return app;
}
