import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PayPalApi } from './paypal-api.js';
import { PayPalSubscriptions } from './paypal-subscriptions.js';
import { WebhookVerifier } from './webhook-verifier.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** PayPal's Subscriptions API; null when the client id or secret is unset. */
    paypal: PayPalSubscriptions | null;
    /** Webhook signature checks; null without PAYPAL_WEBHOOK_ID. */
    paypalWebhooks: WebhookVerifier | null;
  }
}

/** PayPal's REST client (one token for every caller) and the webhook verifier, from the configuration. */
export const paypalPlugin = fp(
  async (app: FastifyInstance) => {
    const { clientId, clientSecret, apiBase, webhookId } = app.config.paypal;
    const api = clientId && clientSecret ? new PayPalApi({ apiBase, clientId, clientSecret }) : null;
    app.decorate('paypal', api ? new PayPalSubscriptions(api) : null);
    app.decorate('paypalWebhooks', webhookId ? new WebhookVerifier({ webhookId, apiBase }) : null);
  },
  { name: 'paypal', decorators: { fastify: ['config'] } },
);
