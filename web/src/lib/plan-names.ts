import type { PlanId } from '@contract/prices';

const PLAN_NAMES: Record<PlanId, string> = { monthly: 'Monthly', weekly: 'Weekly', two_day: 'Two-day' };

/** A plan's name as the pages show it (pricing, the account's subscription). */
export const planName = (id: PlanId) => PLAN_NAMES[id];
