import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Message } from './message';
import { PageHeading } from './page-heading';

/** A sentence the previous screen left for this one (location state `notice`), e.g. after sign-up. */
export function useNotice(): string | null {
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' && notice ? notice : null;
}

/** The frame of a screen: one heading, a narrow readable column (`wide`: room for cards side by side). */
export function Page({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const notice = useNotice();
  return (
    <section className={`mx-auto flex w-full flex-col gap-4 px-4 py-8 ${wide ? 'max-w-5xl' : 'max-w-md'}`}>
      <PageHeading className="text-2xl font-semibold">{title}</PageHeading>
      {notice ? <Message tone="success">{notice}</Message> : null}
      {children}
    </section>
  );
}
