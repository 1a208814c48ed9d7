import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startupSummary } from './startup-summary.js';
import { TEST_APP_KEYS } from './test/helper.js';

const methods = { signInMethods: ['password', 'token', 'passkey', 'code'] };

describe('the start-up summary', () => {
  it('names what is on and says how to turn on what is off, on the one-machine path', () => {
    const summary = startupSummary(loadConfig({ DATABASE_URL: 'sqlite:/srv/app/app.sqlite' }), methods);
    expect(summary.split('\n')).toEqual([
      'BullApp is ready at http://localhost:3000',
      '  Database: SQLite at /srv/app/app.sqlite (held by this process alone)',
      '  Keys: from the key file /srv/app/app.sqlite.keys',
      expect.stringMatching(/^ {2}Mail: written to \/.+\/data\/outbox \(set SMTP_URL to send it\)$/),
      '  PayPal: off: subscriptions are not sold (docs/operations.md says how to turn them on)',
      '  Redis: off (rate limits and push stay in this process)',
      '  Sign-in: password, token, passkey, code; OpenID providers: none (set OIDC_PROVIDERS)',
      '  Metrics: off (set METRICS_PORT)',
      '  Backups: off (set BACKUP_DIR)',
    ]);
  });

  it('names the OpenID providers and their issuers, never their secrets', () => {
    const summary = startupSummary(
      loadConfig({
        OIDC_PROVIDERS: 'google,okta',
        OIDC_GOOGLE_CLIENT_ID: 'g-id',
        OIDC_GOOGLE_CLIENT_SECRET: 'google-secret',
        OIDC_OKTA_CLIENT_ID: 'o-id',
        OIDC_OKTA_CLIENT_SECRET: 'okta-secret',
        OIDC_OKTA_ISSUER: 'https://example.okta.com',
      }),
      methods,
    );
    expect(summary).toContain(
      '  Sign-in: password, token, passkey, code; OpenID providers: Google (https://accounts.google.com), Okta (https://example.okta.com)',
    );
    expect(summary).not.toContain('secret');
  });

  it('never prints a password of a database, Redis or SMTP URL, nor the PayPal secret', () => {
    const summary = startupSummary(
      loadConfig({
        DATABASE_URL: 'postgres://app:pg-secret@db.internal:5432/bullapp',
        APP_KEYS: TEST_APP_KEYS,
        REDIS_URL: 'redis://:redis-secret@cache.internal:6379',
        SMTP_URL: 'smtps://mailer:smtp-secret@smtp.example.com:465',
        PAYPAL_ENV: 'sandbox',
        PAYPAL_CLIENT_ID_SANDBOX: 'client-id',
        PAYPAL_CLIENT_SECRET: 'paypal-secret',
        METRICS_PORT: '9464',
        BACKUP_DIR: '/srv/backups',
      }),
      methods,
    );
    for (const secret of [
      'pg-secret',
      'redis-secret',
      'smtp-secret',
      'paypal-secret',
      'mailer:',
      TEST_APP_KEYS,
    ])
      expect(summary).not.toContain(secret);
    expect(summary).toContain('  Database: PostgreSQL at postgres://db.internal:5432/bullapp');
    expect(summary).toContain('  Mail: sent through smtps://smtp.example.com:465');
    expect(summary).toContain('  PayPal: sandbox, webhooks off (set PAYPAL_WEBHOOK_ID)');
    expect(summary).toContain('  Redis: redis://cache.internal:6379');
    expect(summary).toContain('  Keys: from APP_KEYS');
    expect(summary).toContain('  Metrics: on 127.0.0.1:9464/metrics');
    expect(summary).toContain('  Backups: every 60 min to /srv/backups, keeping 48');
  });
});
