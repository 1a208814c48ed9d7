import { type AppMetrics, createMetrics } from './metrics/metrics.js';
import type { FastifyBaseLogger } from 'fastify';
import { AuditTrail } from './audit/audit.service.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { ReadinessName } from './health/readiness.plugin.js';
import { Mailer } from './mail/mailer.js';
import { payPalClientsFor, type PayPalClients } from './paypal/paypal-clients.js';
import type { PayPalSubscriptions } from './paypal/paypal-subscriptions.js';
import type { WebhookVerifier } from './paypal/webhook-verifier.js';
import type { PayPalApi } from './paypal/paypal-api.js';
import { AccountEvents } from './push/account-events.js';
import type { PushBus } from './push/bus.js';
import { openPushBus } from './push/open-push-bus.js';
import { openRateLimiter, type RateLimitOptions } from './rate-limit/open-rate-limiter.js';
import type { RateLimiter } from './rate-limit/rate-limits.js';
import { loadAppKeys, type AppKeys } from './security/app-keys.js';

/**
 * The one context features share: the services built once from the configuration (atproto's PDS
 * `AppContext.fromConfig`). Services take it as their first argument and stay free of Fastify; two features
 * meet only here or in a building block, never in each other. A feature with state of its own composes
 * `{ ...ctx, own }` inside its plugin.
 */
export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** The keys from outside the database (APP_KEYS or the key file): they seal and key what it holds. */
  keys: AppKeys;
  /** The clock every service reads (tests move it). */
  now: () => Date;
  mailer: Mailer;
  metrics: AppMetrics;
  audit: AuditTrail;
  bus: PushBus;
  events: AccountEvents;
  rateLimiter: RateLimiter;
  /** PayPal's REST client; null when the client id or secret is unset. */
  paypalApi: PayPalApi | null;
  /** PayPal's Subscriptions API over `paypalApi`; null with it. */
  paypal: PayPalSubscriptions | null;
  /** Webhook signature checks; null without PAYPAL_WEBHOOK_ID. */
  webhooks: WebhookVerifier | null;
  /** After a deletion that must leave nothing to read back: see DatabaseHandle.eraseDeleted. */
  eraseDeleted: () => Promise<void>;
}

/** What a test may hand in instead of what the configuration would build, by name. */
export interface AppContextOverrides {
  /** A bus shared by two apps makes them two instances; its owner closes it. */
  bus?: PushBus;
  /** Rate-limit settings and store (tests lower or raise limits; a Redis store shares counters). */
  rateLimits?: RateLimitOptions;
  mailer?: Mailer;
  paypal?: PayPalClients;
  now?: () => Date;
}

/** The context, with what the app's lifecycle needs of it: readiness checks and one close for everything. */
export interface OwnedAppContext {
  ctx: AppContext;
  database: DatabaseHandle;
  readinessChecks: Array<{ name: ReadinessName; check: () => Promise<void> }>;
  /** Closes what the context opened, in the reverse order: mail still on its way first, the database last. */
  close(): Promise<void>;
}

/**
 * Opens the database, then reads (or, on the first start of an SQLite file, makes) the keys beside it: the
 * database's folder exists by then. The migrations need the keys (decision 156 re-seals with them).
 */
async function openMigratedDatabase(config: Config): Promise<{ database: DatabaseHandle; keys: AppKeys }> {
  const database = openDatabase(config.databaseUrl, { sqliteLocking: config.sqliteLocking });
  try {
    const keys = loadAppKeys(config);
    await migrateToLatest(database, { keys });
    return { database, keys };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Builds every shared service once: the process entry (through buildApp) and the tests both call it. */
export async function buildAppContext(
  config: Config,
  { log, overrides = {} }: { log: FastifyBaseLogger; overrides?: AppContextOverrides },
): Promise<OwnedAppContext> {
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
  };
  try {
    const { database, keys } = await openMigratedDatabase(config);
    closers.push(() => database.close());
    const { db } = database;
    const metrics = createMetrics(config.metricsPort !== null);
    const readinessChecks: OwnedAppContext['readinessChecks'] = [];
    const push = openPushBus(
      { config, onRedisError: (err) => log.warn({ err }, 'push bus: Redis error') },
      overrides.bus,
    );
    closers.push(() => push.close());
    if (push.ping) readinessChecks.push({ name: 'redis', check: push.ping });
    const rate = await openRateLimiter(
      {
        config,
        db,
        metrics,
        onRedisError: (err) => log.warn({ err }, 'Redis connection trouble (rate limits)'),
      },
      overrides.rateLimits,
    );
    closers.push(() => rate.close());
    if (rate.ping) readinessChecks.push({ name: 'redis', check: rate.ping });
    const audit = new AuditTrail(keys);
    const mailer = overrides.mailer ?? new Mailer(config, log, metrics);
    closers.push(() => mailer.close());
    const now = overrides.now ?? (() => new Date());
    const paypal = overrides.paypal ?? payPalClientsFor(config.paypal, { now, metrics });
    const ctx: AppContext = {
      config,
      db,
      log,
      keys,
      now,
      mailer,
      metrics,
      audit,
      bus: push.bus,
      events: new AccountEvents(push.bus, metrics),
      rateLimiter: rate.limiter,
      paypalApi: paypal.api,
      paypal: paypal.subscriptions,
      webhooks: paypal.webhooks,
      eraseDeleted: () => database.eraseDeleted(),
    };
    return { ctx, database, readinessChecks, close };
  } catch (error) {
    await close();
    throw error;
  }
}
