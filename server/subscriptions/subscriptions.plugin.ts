import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleReconciliation } from './reconciliation.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { cancelSubscriptionsForDeletion, currentSubscription } from './subscriptions.service.js';
import { webhookRoutes } from './webhook.routes.js';

/**
 * The five subscription calls, the webhook and the hourly reconciliation; the subscription part of /me, and
 * PayPal's cancel before an account is deleted (while PayPal refuses, the account stays).
 */
export const subscriptionsPlugin = fp(
  async (app: FastifyInstance) => {
    const context = app.ctx;
    app.meParts.add('subscription', (userId) => currentSubscription(context, userId));
    app.accountLifecycle.onDelete('subscriptions', {
      beforeDelete: (userId) => cancelSubscriptionsForDeletion(context, userId),
    });
    scheduleReconciliation(app, context);
    await app.register(subscriptionsRoutes, { context });
    await app.register(webhookRoutes, { context });
  },
  {
    name: 'subscriptions',
    dependencies: ['app-context', 'request-user', 'account-extensions'],
  },
);
