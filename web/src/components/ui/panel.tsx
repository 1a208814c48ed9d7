import { createContext, useContext, useId, type ReactNode } from 'react';

export const panelClass = 'flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** Panels inside a titled section of a page (the account page's) take the heading level below it. */
export const PanelHeadingLevel = createContext<2 | 3>(2);

/** A panel's heading, at the level its place on the page gives it. */
export function PanelHeading({ id, children }: { id: string; children: ReactNode }) {
  const Heading = useContext(PanelHeadingLevel) === 3 ? 'h3' : 'h2';
  return (
    <Heading id={id} className="text-lg font-semibold">
      {children}
    </Heading>
  );
}

/** A titled part of a screen, e.g. one task on the account page; named by its heading for screen readers. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <PanelHeading id={headingId}>{title}</PanelHeading>
      {children}
    </section>
  );
}
