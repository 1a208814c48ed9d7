import type { PlanId } from '@contract/prices';
import { apiRequest } from '@/lib/http-client';

// Until the contract names them (the server side of issue #30 is under way on its own branch).
const CHANGE_PLAN_PATH = '/api/v1/subscription/change';
interface ChangePlanReply {
  approve_url: string;
}

/**
 * POST /api/v1/subscription/change: the server asks PayPal to revise the current subscription to `plan`;
 * the buyer approves the revision on PayPal's page at `approve_url`, which then comes back to /account/billing.
 */
export function changePlan(plan: PlanId): Promise<ChangePlanReply> {
  return apiRequest<ChangePlanReply>(CHANGE_PLAN_PATH, { method: 'POST', body: { plan } });
}

/** Leaves the page for PayPal's approval page (a seam the tests replace). */
export const goTo = {
  assign: (url: string) => window.location.assign(url),
};
