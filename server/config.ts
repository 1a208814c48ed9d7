import { z } from 'zod';
import { DEFAULT_APP_NAME } from '../contract/app.js';
import {
  OIDC_VARIABLES,
  readProviderSettings,
  type ProviderSettings,
} from './identities/provider-settings.js';
import { APP_KEYS_HINT, parseAppKeys } from './security/app-keys.js';
import { parseTrustedProxies, TRUST_PROXY_HINT } from './security/trusted-proxies.js';

const emptyAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(emptyAsUnset, z.string().trim().optional());
const urlWithProtocols = (protocols: string[], hint: string) =>
  z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, hint)
      .optional(),
  );

/** A whole number from `min` to `max`, with one sentence for every way it can be wrong. */
const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const envSchema = z.object({
  PORT: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 65535' })
      .int('must be a whole number from 1 to 65535')
      .min(1, 'must be a whole number from 1 to 65535')
      .max(65535, 'must be a whole number from 1 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUnset, z.string().trim().default('127.0.0.1')),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL'),
  APP_NAME: z.preprocess(
    emptyAsUnset,
    z.string().trim().max(60, 'must be at most 60 characters').default(DEFAULT_APP_NAME),
  ),
  APP_DESCRIPTION: z.preprocess(
    emptyAsUnset,
    z.string().trim().max(200, 'must be at most 200 characters').default(''),
  ),
  SUPPORT_EMAIL: z.preprocess(
    emptyAsUnset,
    z.email('must be an e-mail address').default('support@example.com'),
  ),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .regex(
        /^(sqlite:|file:|postgres:\/\/|postgresql:\/\/)/,
        'must start with sqlite:, file: or postgres://',
      )
      .default('sqlite:./data/app.sqlite'),
  ),
  APP_KEYS: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .refine((value) => parseAppKeys(value) !== null, APP_KEYS_HINT)
      .optional(),
  ),
  SQLITE_LOCKING: z.preprocess(
    emptyAsUnset,
    z.enum(['exclusive', 'normal'], { error: 'must be exclusive or normal' }).default('exclusive'),
  ),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL'),
  REDIS_KEY_PREFIX: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1 to 64 letters, digits, colons, dashes or underscores')
      .optional(),
  ),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: optionalString,
  OUTBOX_DIR: z.preprocess(emptyAsUnset, z.string().default('./data/outbox')),
  PAYPAL_ENV: z.preprocess(
    emptyAsUnset,
    z.enum(['production', 'sandbox'], { error: 'must be production or sandbox' }).default('production'),
  ),
  PAYPAL_CLIENT_ID_SANDBOX: optionalString,
  PAYPAL_CLIENT_ID_PRODUCTION: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_API_BASE: urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL'),
  PAYPAL_PLAN_MONTHLY: optionalString,
  PAYPAL_PLAN_WEEKLY: optionalString,
  PAYPAL_PLAN_TWO_DAY: optionalString,
  PAYPAL_PLAN_RECOMMENDED: z.preprocess(
    emptyAsUnset,
    z
      .enum(['monthly', 'weekly', 'two_day'], { error: 'must be monthly, weekly or two_day' })
      .default('monthly'),
  ),
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_SDK_URL: z.preprocess(
    emptyAsUnset,
    urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL').default(
      'https://www.paypal.com/sdk/js',
    ),
  ),
  PAYPAL_GRACE_DAYS: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a whole number of days from 0 to 365' })
      .int('must be a whole number of days from 0 to 365')
      .min(0, 'must be a whole number of days from 0 to 365')
      .max(365, 'must be a whole number of days from 0 to 365')
      .default(7),
  ),
  CABLE_ALLOWED_ORIGINS: optionalString,
  CABLE_MAX_SOCKETS_PER_IP: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number()
      .int('must be a whole number from 1 to 100000')
      .min(1, 'must be a whole number from 1 to 100000')
      .max(100_000, 'must be a whole number from 1 to 100000')
      .default(300),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .refine((value) => parseTrustedProxies(value) !== null, TRUST_PROXY_HINT)
      .optional(),
  ),
  METRICS_PORT: z.preprocess(emptyAsUnset, wholeNumber(0, 65535).optional()),
  BACKUP_DIR: optionalString,
  BACKUP_INTERVAL_MINUTES: z.preprocess(emptyAsUnset, wholeNumber(1, 10_080).default(60)),
  BACKUP_KEEP: z.preprocess(emptyAsUnset, wholeNumber(1, 10_000).default(48)),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
});

export type Config = ReturnType<typeof shapeConfig>;

/** Every environment variable the app reads (.env.example lists each one: server/env-example.test.ts). */
export const CONFIG_VARIABLES = [...Object.keys(envSchema.shape), ...OIDC_VARIABLES];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws a ConfigError that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name} ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`;
      });
  if (/^postgres(ql)?:\/\//.test(env.DATABASE_URL?.trim() ?? '') && !env.APP_KEYS?.trim())
    problems.push(
      'APP_KEYS must be set when DATABASE_URL is PostgreSQL: the keys that seal two-step secrets and key audit subjects never live in the database (docs/operations.md, "Keys")',
    );
  // DESIGN 14: OIDC_PROVIDERS and the OIDC_<ID>_… variables of each id it names.
  const oidc = readProviderSettings(env);
  problems.push(...oidc.problems);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return shapeConfig(parsed.data, oidc.providers);
}

/** `<SQLite file>.keys` beside a database file; none for PostgreSQL or an in-memory SQLite database. */
function keyFileOf(databaseUrl: string): string | null {
  const path = /^(?:sqlite|file):(.*)$/.exec(databaseUrl)?.[1] ?? '';
  return path === '' || path === ':memory:' ? null : `${path}.keys`;
}

function shapeConfig(env: z.infer<typeof envSchema>, oidcProviders: ProviderSettings[] = []) {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const publicOrigin = publicUrl.origin;
  const paypalBase =
    env.PAYPAL_API_BASE ??
    (env.PAYPAL_ENV === 'sandbox' ? 'https://api-m.sandbox.paypal.com' : 'https://api-m.paypal.com');
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: publicUrl.href.replace(/\/$/, ''),
    publicOrigin,
    appName: env.APP_NAME,
    /** What is sold, in a sentence or two: home shows it under the title (DESIGN 15); empty: nothing shown. */
    appDescription: env.APP_DESCRIPTION,
    supportEmail: env.SUPPORT_EMAIL,
    databaseUrl: env.DATABASE_URL,
    /** The keys of docs/decisions/156, when given in the environment (they win over the key file). */
    appKeys: env.APP_KEYS,
    /** Where the one-machine path keeps its keys when APP_KEYS is unset. */
    appKeysFile: keyFileOf(env.DATABASE_URL),
    /** Whether this process holds an SQLite file alone (server/db/database.ts). */
    sqliteLocking: env.SQLITE_LOCKING,
    redisUrl: env.REDIS_URL,
    /** Put before every Redis key and channel, so deployments (or test runs) can share one Redis. */
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? '',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${publicUrl.hostname}>`,
    outboxDir: env.OUTBOX_DIR,
    paypal: {
      environment: env.PAYPAL_ENV,
      clientId:
        (env.PAYPAL_ENV === 'sandbox' ? env.PAYPAL_CLIENT_ID_SANDBOX : env.PAYPAL_CLIENT_ID_PRODUCTION) ??
        null,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiBase: paypalBase.replace(/\/$/, ''),
      plans: {
        monthly: env.PAYPAL_PLAN_MONTHLY ?? null,
        weekly: env.PAYPAL_PLAN_WEEKLY ?? null,
        two_day: env.PAYPAL_PLAN_TWO_DAY ?? null,
      },
      /** The plan the pricing page marks as recommended. */
      recommended: env.PAYPAL_PLAN_RECOMMENDED,
      webhookId: env.PAYPAL_WEBHOOK_ID ?? null,
      sdkUrl: env.PAYPAL_SDK_URL,
      graceDays: env.PAYPAL_GRACE_DAYS,
    },
    cableAllowedOrigins: [
      publicOrigin,
      ...(env.CABLE_ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ],
    /** Push sockets one client address (an IPv6 /64) may hold open on one instance. */
    cableMaxSocketsPerAddress: env.CABLE_MAX_SOCKETS_PER_IP,
    /** Proxies allowed to name the client's address in X-Forwarded-For (docs/operations.md). */
    trustProxy: parseTrustedProxies(env.TRUST_PROXY) ?? { none: true },
    logLevel: env.LOG_LEVEL,
    /** A second listener (on HOST) for GET /metrics in Prometheus' text format; 0: a free port; unset: none. */
    metricsPort: env.METRICS_PORT ?? null,
    /** Online SQLite backups from inside the process (server/backup/); unset: none. */
    backup: env.BACKUP_DIR
      ? { dir: env.BACKUP_DIR, intervalMinutes: env.BACKUP_INTERVAL_MINUTES, keep: env.BACKUP_KEEP }
      : null,
    /** Sign in with Google, Apple or any OpenID provider (DESIGN 14), in the order OIDC_PROVIDERS names them. */
    oidcProviders,
    /** HSTS only makes sense when the app is reached over https. */
    secureCookies: publicUrl.protocol === 'https:',
  };
}
