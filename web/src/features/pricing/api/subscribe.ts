import type { CreateSubscriptionReply, SubscriptionJson } from '@contract/subscriptions';
import type { PlanId } from '@contract/prices';
import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from '@/lib/http-client';

/** POST /api/v1/subscriptions: our server creates the subscription at PayPal; the buyer approves it there. */
export function createSubscription(plan: PlanId): Promise<CreateSubscriptionReply> {
  return apiRequest<CreateSubscriptionReply>(API_PATHS.subscriptions, { method: 'POST', body: { plan } });
}

/** POST /api/v1/subscriptions/confirm: once approved, the server reads it fresh from PayPal. */
export function confirmSubscription(subscriptionId: string): Promise<SubscriptionJson> {
  return apiRequest<SubscriptionJson>(API_PATHS.confirmSubscription, {
    method: 'POST',
    body: { subscription_id: subscriptionId },
  });
}
