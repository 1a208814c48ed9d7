import { useId, type ReactNode } from 'react';
import type { Plan } from '@contract/prices';
import { formatPrice, periodInWords, planName } from './plan-words';

/** One plan; `children` is what the visitor can do with it (subscribe, or see that it is theirs). */
export function PlanCard({
  plan,
  currency,
  children,
}: {
  plan: Plan;
  currency: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-1 rounded-lg border border-slate-300 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {planName(plan.id)}
      </h2>
      <p>
        <span className="text-3xl font-bold">{formatPrice(plan.price, currency)}</span>{' '}
        <span className="text-slate-700">{periodInWords(plan.interval_unit, plan.interval_count)}</span>
      </p>
      {children}
    </li>
  );
}
