import { useId } from 'react';
import type { Plan } from '../../../../contract/prices';
import { formatPrice, periodInWords, planName } from './plan-words';

export function PlanCard({ plan, currency }: { plan: Plan; currency: string }) {
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
    </li>
  );
}
