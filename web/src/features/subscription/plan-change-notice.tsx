import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { SubscriptionJson } from '@contract/subscriptions';
import { Message } from '@/components/ui/message';
import { ProgressBar } from '@/components/ui/progress-bar';
import { planName } from '@/lib/plan-names';
import { askedPlan } from './asked-plan';
import { fromNextPayment } from './subscription-words';

/** PayPal's return and cancel addresses of a plan change carry it (decision 197). */
const RETURN_PARAM = 'plan_change';

export const PLAN_CHANGE_TEXTS = {
  approved:
    'PayPal has your approval. Your new plan shows here as soon as PayPal confirms it, and its price starts at your next payment.',
  cancelled: 'You left PayPal without approving, so your plan has not changed and nothing more is charged.',
} as const;

/** The change is in place: what it is, and when its price starts. */
export function changedSentence(subscription: SubscriptionJson): string {
  const when = fromNextPayment(subscription);
  return `Your plan is now ${planName(subscription.plan)}. Its price starts ${when}.`;
}

/**
 * Back on /account/billing from PayPal's approval page: what became of the plan change. Approved, the page waits
 * (the progress bar) for the plan this tab asked for to arrive with the `subscription_changed` push, then says
 * it is in place; without a record of what was asked (another tab), it says what PayPal did.
 */
export function PlanChangeNotice({ subscription }: { subscription: SubscriptionJson | null | undefined }) {
  const outcome = new URLSearchParams(useLocation().search).get(RETURN_PARAM);
  const asked = outcome === 'approved' ? askedPlan.read() : null;
  const arrived = Boolean(
    asked && subscription?.id === asked.subscriptionId && subscription.plan === asked.plan,
  );
  useEffect(() => {
    if (outcome === 'cancelled' || arrived) askedPlan.forget();
  }, [outcome, arrived]);

  if (outcome === 'cancelled') return <Message tone="info">{PLAN_CHANGE_TEXTS.cancelled}</Message>;
  if (outcome !== 'approved') return null;
  if (arrived && subscription) return <Message tone="success">{changedSentence(subscription)}</Message>;
  return (
    <>
      <Message tone="success">{PLAN_CHANGE_TEXTS.approved}</Message>
      {asked ? <ProgressBar label={`Waiting for PayPal to confirm ${planName(asked.plan)}`} /> : null}
    </>
  );
}
