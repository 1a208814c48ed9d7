import { Button } from '@/components/ui/button';
import { Message } from '@/components/ui/message';
import { Page } from '@/components/ui/page';
import { ProgressBar } from '@/components/ui/progress-bar';
import { usePrices } from '@/lib/prices';
import { PlanCard } from './plan-card';
import { useCheckout } from './use-checkout';
import { currencyName } from '@/lib/plan-words';

export const PRICING_INTRO =
  "Choose how often you'd like to pay. You can cancel whenever you like, and PayPal then charges you no more.";

export function PricingScreen() {
  const { data: prices, error, loading, reload } = usePrices();
  const { planAction, notice } = useCheckout();
  return (
    <Page title="Pricing" wide>
      {/* Said before the prices come, so the prerendered page already tells what is offered (and its largest
          paint does not wait for PayPal's prices). */}
      <p className="text-lg">{PRICING_INTRO}</p>
      {loading ? <ProgressBar label="Loading prices" /> : null}
      {error ? (
        <>
          <Message tone="error">We couldn't load the prices right now. {error}</Message>
          <Button variant="secondary" className="self-start" onClick={() => void reload()}>
            Try again
          </Button>
        </>
      ) : null}
      {prices ? (
        <>
          {prices.environment === 'sandbox' ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-amber-900">
              <span className="rounded-full border border-amber-400 bg-amber-100 px-2 py-0.5 font-semibold">
                Sandbox
              </span>
              Test prices from PayPal's sandbox: no real money is charged.
            </p>
          ) : null}
          <p className="text-slate-700">Prices are in {currencyName(prices.currency)}.</p>
          {/* Side by side from 1024 px (lg), so the plans can be compared at a glance; stacked below. */}
          <ul aria-label="Plans" className="grid gap-4 lg:grid-cols-3">
            {prices.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                currency={prices.currency}
                recommended={plan.id === prices.recommended}
              >
                {planAction(plan, plan.id === prices.recommended, prices.currency)}
              </PlanCard>
            ))}
          </ul>
          {notice}
        </>
      ) : null}
    </Page>
  );
}
