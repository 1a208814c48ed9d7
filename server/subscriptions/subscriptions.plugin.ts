import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleReconciliation } from './reconciliation.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { subscriptionSchema } from '../../contract/subscriptions.js';
import { noSubscriptionToCancel } from '../http/errors.js';
import {
  cancelSubscription,
  cancelSubscriptionsForDeletion,
  currentStatuses,
  currentSubscription,
  SUPPORT_CANCEL_REASON,
} from './subscriptions.service.js';
import { webhookRoutes } from './webhook.routes.js';
import { billingRoutes } from './billing.routes.js';
import { deleteExpiredReceiptLinks } from './billing.repository.js';
import { trialReminders } from './trial-reminders.js';

/**
 * The subscription calls, the plan change, the payment history and receipts (DESIGN 15), the webhook, the
 * hourly reconciliation and trial reminders; the subscription part of /me, and
 * PayPal's cancel before an account is deleted (while PayPal refuses, the account stays).
 */
export const subscriptionsPlugin = fp(
  async (app: FastifyInstance) => {
    const context = app.ctx;
    app.meParts.add('subscription', (userId) => currentSubscription(context, userId));
    app.accountLifecycle.onDelete('subscriptions', {
      beforeDelete: (userId) => cancelSubscriptionsForDeletion(context, userId),
    });
    app.supportDesk.addSummary('subscription_status', (userIds) => currentStatuses(context, userIds));
    app.supportDesk.addDetail('subscription', (userId) => currentSubscription(context, userId));
    app.supportDesk.addAction('cancel_subscription', {
      status: 200,
      reply: subscriptionSchema,
      summary:
        'Cancel the person’s subscription at PayPal ("Cancelled by support"); access lasts to the end of the paid period',
      refusals: { 404: ['subscription_not_found'], 503: ['payments_unavailable'] },
      async run({ target, record }) {
        const cancelled = await cancelSubscription(context, {
          userId: target.id,
          reason: SUPPORT_CANCEL_REASON,
          notFound: noSubscriptionToCancel,
        });
        await record(context.db, 'support_subscription_cancelled');
        return cancelled;
      },
    });
    scheduleReconciliation(app, context);
    app.housekeeping.add('receipt links', deleteExpiredReceiptLinks);
    app.housekeeping.add('trial reminders mailed', trialReminders(context));
    await app.register(subscriptionsRoutes, { context });
    await app.register(billingRoutes, { context });
    await app.register(webhookRoutes, { context });
  },
  {
    name: 'subscriptions',
    dependencies: ['app-context', 'request-user', 'account-extensions', 'support-desk', 'housekeeping'],
  },
);
