import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

// The order of two things, counted rather than timed: the person's last move of the focus, and the last route
// change. A page whose code arrives after the person has moved on (opened the account menu, say) leaves the
// focus where they put it.
let moves = 0;
let focusMovedAt = 0;
let navigatedAt = 0;
if (typeof document !== 'undefined')
  document.addEventListener('focusin', () => {
    focusMovedAt = ++moves;
  });

/**
 * Marks each route change for the page headings below; the shell calls it. A layout effect, so it runs before
 * the new page's heading looks (passive effects run after every layout effect of the same render).
 */
export function useNavigationMark(pathname: string) {
  useLayoutEffect(() => {
    navigatedAt = ++moves;
  }, [pathname]);
}

/**
 * A page's one h1. When the route changes in the page (a link, a redirect, back), focus moves here, so a
 * keyboard or screen-reader user starts at the new page's title instead of on a link that no longer
 * exists (DESIGN section 6), unless the person has put the focus somewhere since the change. The location
 * the document opened with has the key 'default': on that first page focus stays where the browser put it.
 * A change of hash or state on the same path moves nothing.
 */
export function PageHeading({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname, key } = useLocation();
  const landed = key === 'default';
  useEffect(() => {
    if (!landed && focusMovedAt < navigatedAt) ref.current?.focus();
  }, [pathname, landed]);
  return (
    // Reached by script, never by Tab; no ring, as the focus is the page's and not a control's.
    <h1 ref={ref} tabIndex={-1} className={`${className} scroll-mt-4 focus:outline-none`}>
      {children}
    </h1>
  );
}
