import { useId, type ReactNode } from 'react';

export const panelClass = 'flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** A titled part of a screen, e.g. one task on the account page; named by its heading for screen readers. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
