import type { AppMetrics } from '../metrics/metrics.js';
import type { Config } from '../config.js';
import { PayPalApi } from './paypal-api.js';
import { PayPalSubscriptions } from './paypal-subscriptions.js';
import { WebhookVerifier } from './webhook-verifier.js';

/** Everything the app asks PayPal, over one REST client: one token for every caller. */
export interface PayPalClients {
  /** PayPal's REST API (prices read plans through it); null when the client id or secret is unset. */
  api: PayPalApi | null;
  /** PayPal's Subscriptions API, over `api`; null with it. */
  subscriptions: PayPalSubscriptions | null;
  /** Webhook signature checks; null without PAYPAL_WEBHOOK_ID. */
  webhooks: WebhookVerifier | null;
}

export function payPalClientsFor(
  { clientId, clientSecret, apiBase, webhookId }: Config['paypal'],
  { now, metrics }: { now?: () => Date; metrics?: AppMetrics } = {},
): PayPalClients {
  const api = clientId && clientSecret ? new PayPalApi({ apiBase, clientId, clientSecret, metrics }) : null;
  return {
    api,
    subscriptions: api ? new PayPalSubscriptions(api) : null,
    webhooks: webhookId ? new WebhookVerifier({ webhookId, apiBase, now }) : null,
  };
}
