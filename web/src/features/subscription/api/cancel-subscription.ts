import type { SubscriptionJson } from '@contract/subscriptions';
import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from '@/lib/http-client';

/** POST /api/v1/subscription/cancel for one subscription: answers once PayPal accepted the cancel. */
export function cancelSubscription(id: string): Promise<SubscriptionJson> {
  return apiRequest<SubscriptionJson>(API_PATHS.cancelSubscription, {
    method: 'POST',
    body: { subscription_id: id },
  });
}
