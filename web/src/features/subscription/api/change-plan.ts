import { API_PATHS } from '@contract/api-paths';
import type { ChangePlanReply, SubscriptionPlan } from '@contract/subscriptions';
import { apiRequest } from '@/lib/http-client';

/**
 * POST /api/v1/subscription/change: the server asks PayPal to revise the current subscription to `plan`;
 * the buyer approves the revision on PayPal's page at `approve_url`, which then comes back to /account/billing.
 */
export function changePlan(plan: SubscriptionPlan): Promise<ChangePlanReply> {
  return apiRequest<ChangePlanReply>(API_PATHS.changePlan, { method: 'POST', body: { plan } });
}

/** Leaves the page for PayPal's approval page (a seam the tests replace). */
export const goTo = {
  assign: (url: string) => window.location.assign(url),
};
