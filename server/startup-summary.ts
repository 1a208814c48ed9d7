import { resolve } from 'node:path';
import type { Config } from './config.js';
import { sqlitePathOf } from './db/database.js';

/** A server URL as it may be printed: host, port and path, never a user name or password. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * What is on, in one block printed once at start (DESIGN 17): where people reach the app, where its data and
 * mail go, whether it sells, and what an operator can watch. A line for everything that is off says how to
 * turn it on, so nobody reads "not available" on the pricing page as PayPal being down.
 */
export function startupSummary(config: Config, { signInMethods }: { signInMethods: string[] }): string {
  const sqlite = sqlitePathOf(config.databaseUrl);
  const { paypal } = config;
  const selling = paypal.clientId && paypal.clientSecret;
  const lines = [
    `${config.appName} is ready at ${config.publicUrl}`,
    `  Database: ${
      sqlite !== null
        ? `SQLite at ${resolve(sqlite)} (${config.sqliteLocking === 'exclusive' ? 'held by this process alone' : 'shared'})`
        : `PostgreSQL at ${safeUrl(config.databaseUrl)}`
    }`,
    `  Keys: ${config.appKeys ? 'from APP_KEYS' : `from the key file ${config.appKeysFile ? resolve(config.appKeysFile) : ''}`}`,
    `  Mail: ${
      config.smtpUrl
        ? `sent through ${safeUrl(config.smtpUrl)} from ${config.mailFrom}`
        : `written to ${resolve(config.outboxDir)} (set SMTP_URL to send it)`
    }`,
    `  PayPal: ${
      selling
        ? `${paypal.environment}, webhooks ${paypal.webhookId ? 'on' : 'off (set PAYPAL_WEBHOOK_ID)'}`
        : 'off: subscriptions are not sold (docs/operations.md says how to turn them on)'
    }`,
    `  Redis: ${config.redisUrl ? safeUrl(config.redisUrl) : 'off (rate limits and push stay in this process)'}`,
    `  Sign-in: ${signInMethods.join(', ')}; OpenID providers: ${
      config.oidcProviders.length > 0
        ? config.oidcProviders.map((provider) => `${provider.name} (${provider.issuer})`).join(', ')
        : 'none (set OIDC_PROVIDERS)'
    }`,
    `  Metrics: ${config.metricsPort === null ? 'off (set METRICS_PORT)' : `on ${config.host}:${config.metricsPort}/metrics`}`,
    `  Backups: ${
      config.backup
        ? `every ${config.backup.intervalMinutes} min to ${resolve(config.backup.dir)}, keeping ${config.backup.keep}`
        : 'off (set BACKUP_DIR)'
    }`,
  ];
  return lines.join('\n');
}
