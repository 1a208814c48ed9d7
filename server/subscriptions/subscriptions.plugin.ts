import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SubscriptionJson } from '../../contract/subscriptions.js';
import { scheduleReconciliation } from './reconciliation.js';
import { subscriptionsContext } from './subscriptions-context.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { cancelSubscriptionsForDeletion, currentSubscription } from './subscriptions.service.js';
import { webhookRoutes } from './webhook.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user's subscription JSON for /api/v1/me: the current one, else the latest, else null. */
    subscriptionOf(userId: number): Promise<SubscriptionJson | null>;
    /** Deletion calls it first; it throws when PayPal refuses or cannot be reached. */
    cancelSubscriptionsForDeletion(userId: number): Promise<void>;
  }
}

/** The five subscription calls, the hourly reconciliation, and what other features may ask of them. */
export const subscriptionsPlugin = fp(
  async (app: FastifyInstance) => {
    const context = subscriptionsContext(app);
    app.decorate('subscriptionOf', (userId: number) => currentSubscription(context, userId));
    app.decorate('cancelSubscriptionsForDeletion', (userId: number) =>
      cancelSubscriptionsForDeletion(context, userId),
    );
    scheduleReconciliation(app, context);
    await app.register(subscriptionsRoutes, { context });
    await app.register(webhookRoutes, { context });
  },
  {
    name: 'subscriptions',
    dependencies: ['paypal'],
    decorators: { fastify: ['config', 'database', 'mailer', 'accountEvents'] },
  },
);
