import type { Plan } from '@contract/prices';
import type { SubscriptionJson } from '@contract/subscriptions';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';
import { LoadStatus } from '@/components/ui/load-status';
import { SettingRow } from '@/components/ui/setting-row';
import { sentenceOf } from '@/lib/http-client';
import { priceInWords } from '@/lib/plan-words';
import { planName } from '@/lib/plan-names';
import { usePrices } from '@/lib/prices';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { changePlan, goTo } from './api/change-plan';
import { askedPlan } from './asked-plan';
import { fromNextPayment } from './subscription-words';

export const CHANGE_PLAN_TEXTS = {
  action: 'Change plan',
  leaving: 'PayPal is opening. Approve the change there, and PayPal brings you back to this page.',
  notChanged: 'Your plan was not changed.',
} as const;

/**
 * What changing plan does, said before the step (DESIGN 15): PayPal does not prorate, so the plan held runs to
 * its next payment and the new price is charged from then on.
 */
export function changeConsequence(subscription: SubscriptionJson): string {
  const when = fromNextPayment(subscription);
  return `The new price starts ${when}. Nothing is prorated: until then you keep ${planName(subscription.plan)} as it is, and PayPal charges no difference. PayPal asks you to approve the change.`;
}

/** The other plans, each with its price and the button that takes the change to PayPal's approval page. */
function ChangePlanForm({
  subscription,
  prices,
  onCancel,
}: {
  subscription: SubscriptionJson;
  /** The row's read of the prices, so opening the form asks nothing more. */
  prices: ReturnType<typeof usePrices>;
  onCancel: () => void;
}) {
  const { pending, outcome, submit } = useSubmission();
  const currency = prices.data?.currency ?? '';
  const others = prices.data?.plans.filter((plan) => plan.id !== subscription.plan) ?? [];

  function change(plan: Plan) {
    void submit(async () => {
      try {
        const { approve_url } = await changePlan(plan.id);
        askedPlan.remember(subscription.id, plan.id);
        goTo.assign(approve_url);
        return success(CHANGE_PLAN_TEXTS.leaving);
      } catch (error) {
        return failure(`${CHANGE_PLAN_TEXTS.notChanged} ${sentenceOf(error)}`);
      }
    });
  }

  return (
    <div role="group" aria-label="Change your plan" className="flex flex-col gap-3">
      <p>{changeConsequence(subscription)}</p>
      <LoadStatus state={prices} label="Loading the plans" />
      {prices.data ? (
        <ul aria-label="Other plans" className="flex flex-col gap-2">
          {others.map((plan) => (
            <li
              key={plan.id}
              aria-label={plan.name}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
            >
              <span>
                <span className="font-medium">{plan.name}</span>
                {': '}
                {priceInWords(plan, currency)}
              </span>
              <Button variant="secondary" disabled={pending} onClick={() => change(plan)}>
                Change to {plan.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="secondary" className="self-start" disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
      <FormStatus pending={pending} outcome={outcome} pendingLabel="Asking PayPal to change your plan" />
    </div>
  );
}

/**
 * The plan row of /account/billing, for an ACTIVE subscription (the one kind PayPal revises): the plan held and
 * its price, and 'Change plan', which opens the other plans. `subscription` follows the `subscription_changed`
 * pushes, so the plan it names changes as soon as PayPal says the revision is approved.
 */
export function ChangePlanRow({ subscription }: { subscription: SubscriptionJson }) {
  const prices = usePrices();
  const held = prices.data?.plans.find((plan) => plan.id === subscription.plan);
  return (
    <SettingRow
      title="Plan"
      state={
        <p>
          {held && prices.data
            ? `${held.name}: ${priceInWords(held, prices.data.currency)}.`
            : `${planName(subscription.plan)}.`}
        </p>
      }
      action={CHANGE_PLAN_TEXTS.action}
    >
      {(close) => <ChangePlanForm subscription={subscription} prices={prices} onCancel={close} />}
    </SettingRow>
  );
}
