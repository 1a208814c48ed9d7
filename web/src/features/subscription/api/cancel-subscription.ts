import type { SubscriptionJson } from '@contract/subscriptions';
import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from '@/lib/http-client';

/** POST /api/v1/subscription/cancel: answers once PayPal accepted the cancel. */
export function cancelSubscription(): Promise<SubscriptionJson> {
  return apiRequest<SubscriptionJson>(API_PATHS.cancelSubscription, { method: 'POST' });
}
