import type { ReactNode } from 'react';

/** The frame of a screen: one heading, a narrow readable column. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </section>
  );
}
