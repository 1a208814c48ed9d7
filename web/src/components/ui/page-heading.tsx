import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A page's one h1. When the route changes in the page (a link, a redirect, back), focus moves here, so a
 * keyboard or screen-reader user starts at the new page's title instead of on a link that no longer
 * exists (DESIGN section 6). The location the document opened with has the key 'default': on that first
 * page focus stays where the browser put it. A change of hash or state on the same path moves nothing.
 */
export function PageHeading({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname, key } = useLocation();
  const landed = key === 'default';
  useEffect(() => {
    if (!landed) ref.current?.focus();
  }, [pathname, landed]);
  return (
    // Reached by script, never by Tab; no ring, as the focus is the page's and not a control's.
    <h1 ref={ref} tabIndex={-1} className={`${className} scroll-mt-4 focus:outline-none`}>
      {children}
    </h1>
  );
}
