import { API_PATHS } from '../../contract/api-paths.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelSubscriptionBodySchema,
  changePlanBodySchema,
  changePlanReplySchema,
  confirmSubscriptionBodySchema,
  createSubscriptionBodySchema,
  createSubscriptionReplySchema,
  currentSubscriptionReplySchema,
  subscriptionSchema,
} from '../../contract/subscriptions.js';
import {
  BEARER_ERRORS,
  BODY_ERRORS,
  errorReplies,
  RATE_LIMITED,
  type DescribedError,
} from '../http/error-replies.js';
import { requireUser } from '../sessions/request-user.js';
import { emailNotVerified } from '../http/errors.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { changePlan } from './plan-change.service.js';
import type { AppContext } from '../app-context.js';
import {
  cancellableSubscriptions,
  cancelSubscription,
  confirmSubscription,
  createSubscription,
  currentSubscription,
} from './subscriptions.service.js';

const bearer = [{ bearer: [] }];
const UNAVAILABLE: Record<number, DescribedError[]> = { 503: ['payments_unavailable'] };

export async function subscriptionsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Every reply here is about one person's payments: no browser or proxy keeps a copy.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  routes.post(
    API_PATHS.subscriptions,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Start a PayPal subscription: the subscriber approves it at approve_url',
        security: bearer,
        body: createSubscriptionBodySchema,
        response: {
          201: createSubscriptionReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            403: ['email_not_verified'],
            409: ['already_subscribed'],
            ...RATE_LIMITED,
            ...UNAVAILABLE,
          }),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      // DESIGN 13: receipts and notices must reach the person; refused before any PayPal call.
      if (!app.accountLifecycle.addressConfirmed(user)) throw emailNotVerified();
      const created = await createSubscription(context, { userId: user.id, plan: request.body.plan });
      return reply.code(201).send(created);
    },
  );

  routes.post(
    API_PATHS.confirmSubscription,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'After approval: the subscription, read fresh from PayPal',
        security: bearer,
        body: confirmSubscriptionBodySchema,
        response: {
          200: subscriptionSchema,
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            404: ['subscription_not_found'],
            ...UNAVAILABLE,
          }),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return confirmSubscription(context, {
        userId: user.id,
        subscriptionId: request.body.subscription_id,
      });
    },
  );

  routes.get(
    API_PATHS.subscription,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'The current subscription (else the latest, else null), and every one PayPal may still bill',
        security: bearer,
        response: { 200: currentSubscriptionReplySchema, ...errorReplies(BEARER_ERRORS) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return {
        subscription: await currentSubscription(context, user.id),
        subscriptions: await cancellableSubscriptions(context, user.id),
      };
    },
  );

  routes.post(
    API_PATHS.cancelSubscription,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel an ACTIVE or SUSPENDED subscription at PayPal',
        security: bearer,
        body: cancelSubscriptionBodySchema,
        response: {
          200: subscriptionSchema,
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            404: ['subscription_not_found'],
            ...UNAVAILABLE,
          }),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return cancelSubscription(context, {
        userId: user.id,
        subscriptionId: request.body?.subscription_id,
      });
    },
  );

  routes.post(
    API_PATHS.changePlan,
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          "Change the ACTIVE subscription's plan through PayPal's revise: the subscriber approves at approve_url; the new price starts at the next billing",
        security: bearer,
        body: changePlanBodySchema,
        response: {
          200: changePlanReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            404: [{ code: 'subscription_not_found', message: ERROR_VARIANTS.noSubscriptionToChange }],
            409: ['same_plan'],
            ...RATE_LIMITED,
            503: [{ code: 'payments_unavailable', message: ERROR_VARIANTS.planChangeUnavailable }],
          }),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return changePlan(context, { userId: user.id, plan: request.body.plan });
    },
  );
}
