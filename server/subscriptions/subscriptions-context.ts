import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { PayPalSubscriptions } from '../paypal/paypal-subscriptions.js';
import type { WebhookVerifier } from '../paypal/webhook-verifier.js';
import type { AccountEvents } from '../push/account-events.js';

/** What the subscription services need from the app; they stay free of Fastify. */
export interface SubscriptionsContext {
  db: Db;
  config: Config;
  /** Null when PayPal is not configured (no client id or secret). */
  paypal: PayPalSubscriptions | null;
  /** Null without PAYPAL_WEBHOOK_ID. */
  webhooks: WebhookVerifier | null;
  mailer: Mailer;
  events: AccountEvents;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now: () => Date;
}

export function subscriptionsContext(app: FastifyInstance): SubscriptionsContext {
  return {
    db: app.database.db,
    config: app.config,
    paypal: app.paypal,
    webhooks: app.paypalWebhooks,
    mailer: app.mailer,
    events: app.accountEvents,
    log: app.log,
    now: () => new Date(),
  };
}
