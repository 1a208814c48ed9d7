import { APP_PREFIX } from '@contract/app';
import { PLAN_NAMES } from '@contract/plan-rules';
import type { SubscriptionPlan } from '@contract/subscriptions';

/**
 * The plan this tab asked PayPal for, kept across the trip to PayPal's approval page (session storage: this
 * tab only, gone with it), so the page that comes back can wait for that plan and then say it is in place.
 */
const KEY = `${APP_PREFIX}.asked-plan`;

export const askedPlan = {
  remember(subscriptionId: string, plan: SubscriptionPlan) {
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify({ subscriptionId, plan }));
    } catch {
      // Storage refused (a private window's quota): the way back then says only what PayPal did.
    }
  },
  read(): { subscriptionId: string; plan: SubscriptionPlan } | null {
    try {
      const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as unknown;
      if (typeof value !== 'object' || value === null) return null;
      const { subscriptionId, plan } = value as Record<string, unknown>;
      const known = typeof plan === 'string' && Object.hasOwn(PLAN_NAMES, plan);
      return typeof subscriptionId === 'string' && known
        ? { subscriptionId, plan: plan as SubscriptionPlan }
        : null;
    } catch {
      return null;
    }
  },
  forget() {
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // Nothing was kept.
    }
  },
};
