import { useLocation } from 'react-router';
import { Message } from '@/components/ui/message';

// Until the server side of issue #30 says how PayPal's return and cancel addresses tell the two apart.
const RETURN_PARAM = 'plan_change';

export const PLAN_CHANGE_TEXTS = {
  approved:
    'PayPal has your approval. Your new plan shows here as soon as PayPal confirms it, and its price starts at your next payment.',
  cancelled: 'You left PayPal without approving, so your plan has not changed and nothing more is charged.',
} as const;

/** Back on /account/billing from PayPal's approval page: what became of the plan change. */
export function PlanChangeNotice() {
  const outcome = new URLSearchParams(useLocation().search).get(RETURN_PARAM);
  if (outcome === 'approved') return <Message tone="success">{PLAN_CHANGE_TEXTS.approved}</Message>;
  if (outcome === 'cancelled') return <Message tone="info">{PLAN_CHANGE_TEXTS.cancelled}</Message>;
  return null;
}
