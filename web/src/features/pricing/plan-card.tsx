import { useId, type ReactNode } from 'react';
import type { Plan } from '@contract/prices';
import { formatPrice, periodInWords, trialInWords } from '@/lib/plan-words';

export const RECOMMENDED = 'Recommended';

/**
 * One plan as PayPal describes it (DESIGN 15): its name, price and period, trial and description; `children`
 * is what the visitor can do with it (sign in, subscribe, or see that it is theirs), at the card's foot so the
 * actions of cards side by side line up.
 */
export function PlanCard({
  plan,
  currency,
  recommended,
  children,
}: {
  plan: Plan;
  currency: string;
  recommended: boolean;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm ${
        recommended ? 'border-2 border-blue-700' : 'border border-slate-300'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {plan.name}
        </h2>
        {recommended ? (
          <span className="rounded-full border border-blue-700 bg-blue-700 px-3 py-0.5 text-sm font-semibold text-white">
            {RECOMMENDED}
          </span>
        ) : null}
      </div>
      <p>
        <span className="text-3xl font-bold">{formatPrice(plan.price, currency)}</span>{' '}
        <span className="text-slate-700">{periodInWords(plan.interval_unit, plan.interval_count)}</span>
      </p>
      {plan.trial ? <p className="font-medium text-green-800">{trialInWords(plan.trial, currency)}</p> : null}
      {plan.description ? <p className="text-slate-700">{plan.description}</p> : null}
      <div className="mt-auto flex flex-col gap-2 pt-2">{children}</div>
    </li>
  );
}
