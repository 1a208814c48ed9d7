import { PLAN_NAMES } from '@contract/plan-rules';
import type { PlanId } from '@contract/prices';

/** A plan's name as the pages show it where only its id is at hand (the subscription, the account menu). */
export const planName = (id: PlanId): string => PLAN_NAMES[id];
