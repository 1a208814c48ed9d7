import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import accounts from './accounts/accounts.plugin.js';
import admin from './admin/admin.plugin.js';
import { buildAppContext, type AppContextOverrides } from './app-context.js';
import appContextPlugin from './app-context.plugin.js';
import backups from './backup/backups.plugin.js';
import cable from './cable/cable.routes.js';
import configPlugin from './config.plugin.js';
import type { Config } from './config.js';
import data from './data/data.plugin.js';
import devices from './devices/devices.plugin.js';
import emailVerification from './email-verification/email-verification.plugin.js';
import health from './health/health.routes.js';
import readiness from './health/readiness.plugin.js';
import housekeeping from './housekeeping/housekeeping.plugin.js';
import errorHandling from './http/error-handler.js';
import gracefulClose from './http/graceful-close.plugin.js';
import { loggerOptions, ownLineFormat } from './http/logger.js';
import replyBatch from './http/reply-batch.plugin.js';
import { ReplySerializers } from './http/reply-serializer.js';
import { OneLinePerRequest } from './http/request-log.js';
import { lazyRequestLogger } from './http/request-logger.js';
import openApi, { openApiRoutes } from './http/openapi.plugin.js';
import metrics from './metrics/metrics.plugin.js';
import identities from './identities/identities.plugin.js';
import passkeys from './passkeys/passkeys.plugin.js';
import passwords from './passwords/passwords.plugin.js';
import prices from './prices/prices.plugin.js';
import qr from './qr/qr.routes.js';
import securityHeaders from './security/headers.js';
import deviceCookies from './security/device-cookie.js';
import { fastifyTrustProxy } from './security/trusted-proxies.js';
import xsrf from './security/xsrf.js';
import freshAuthentication from './sessions/fresh-authentication.plugin.js';
import requestUser from './sessions/request-user.js';
import signInMethods from './sign-in/sign-in-methods.plugin.js';
import { subscriptionsPlugin } from './subscriptions/subscriptions.plugin.js';
import twoFactor from './two-factor/two-factor.plugin.js';
import accountExtensions from './users/accounts-extensions.plugin.js';
import supportDesk from './support/support-desk.plugin.js';
import commandSocket from './support/command-socket.plugin.js';
import { webRoutes } from './web/web.routes.js';

/**
 * The features, in the order they are registered. Each plugs into the building blocks' extension points
 * (sign-in methods, account lifecycle, /me parts, housekeeping) and declares what it depends on, so an app
 * built with fewer of them still starts, or fails at start naming what is missing.
 */
export const FEATURES = {
  accounts,
  passwords,
  qr,
  prices,
  subscriptions: subscriptionsPlugin,
  data,
  passkeys,
  devices,
  'two-factor': twoFactor,
  'email-verification': emailVerification,
  identities,
  // Last: the support console takes the actions the features before it added (support-desk.ts).
  admin,
} as const;
export type FeatureName = keyof typeof FEATURES;
const ALL_FEATURES = Object.keys(FEATURES) as FeatureName[];

export interface AppOptions {
  config: Config;
  /** Folder of the built web app (index.html and assets); null serves the API alone. */
  webRoot?: string | null;
  /** Overrides the configured logger, e.g. a stream that a test reads back. */
  logger?: FastifyServerOptions['logger'];
  /** Services handed in instead of those the configuration would build, by name (tests). */
  overrides?: AppContextOverrides;
  /** The features to register (tests build an app with fewer); all by default. */
  features?: readonly FeatureName[];
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
  const serializers = new ReplySerializers();
  app.setSerializerCompiler(serializers.compiler);
  app.decorate('compileReplySerializers', () => serializers.compileAll());
  return app;
}

/**
 * Builds the whole app: the process entry and the tests both call this and nothing else. Each piece is a
 * plugin that names the plugins it depends on, so a registration out of order fails at start.
 */
export async function buildApp({
  config,
  webRoot = null,
  logger,
  overrides,
  features = ALL_FEATURES,
  requestTimeoutMs = 30_000,
}: AppOptions): Promise<FastifyInstance> {
  const app = createFastify({ config, logger, requestTimeoutMs });
  let owned;
  try {
    owned = await buildAppContext(config, { log: app.log, overrides });
  } catch (error) {
    await app.close();
    throw error;
  }

  // Building blocks.
  await app.register(configPlugin, { config });
  await app.register(readiness);
  await app.register(appContextPlugin, { owned });
  await app.register(metrics);
  await app.register(requestUser);
  await app.register(gracefulClose);
  await app.register(replyBatch);
  await app.register(errorHandling);
  await app.register(securityHeaders);
  await app.register(xsrf);
  await app.register(accountExtensions);
  await app.register(supportDesk);
  await app.register(commandSocket);
  await app.register(openApi);
  await app.register(cable);
  await app.register(housekeeping);
  await app.register(backups);
  await app.register(deviceCookies);
  await app.register(signInMethods);
  await app.register(freshAuthentication);
  await app.register(health);

  // Features.
  for (const name of ALL_FEATURES) if (features.includes(name)) await app.register(FEATURES[name]);
  await app.register(openApiRoutes);
  await app.register(webRoutes, { config, webRoot });
  return app;
}
