import { lazy, Suspense } from 'react';
import { flushSync } from 'react-dom';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Logo } from '@/components/ui/logo';
import { useNavigationMark } from '@/components/ui/page-heading';
import { ProgressBar } from '@/components/ui/progress-bar';
import { logout } from '@/features/auth/api/logout';
import { paths } from '@/lib/paths';
import { usePageConfig } from '@/lib/page-config-context';
import { sessionStore, useSessionUser } from '@/lib/session-store';
import { usePageHead } from './page-head';
import { RouteErrorBoundary } from './route-error-boundary';

// Only a signed-in page has the account menu: its code stays out of the first visit (decision 165).
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

export function Shell() {
  const { appName, appDescription } = usePageConfig();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  usePageHead(pathname, appName, appDescription);
  useNavigationMark(pathname);

  async function logOut() {
    const token = sessionStore.token;
    // The server pushes `signed_out` to this token, often before its reply: said beforehand, that push is
    // known as this page's own, and the page signs out here rather than by the push.
    if (token) sessionStore.announceSignOut(token);
    try {
      await logout();
    } catch {
      // The token may already be revoked; signing out locally is what the person asked for.
    }
    // One synchronous render for both, so a guarded page never sees the user gone while still shown (it
    // would send the person to sign in instead of home). Needs the router without transitions (app.tsx).
    flushSync(() => {
      sessionStore.signOut({ reason: 'logout', token });
      void navigate(paths.home);
    });
  }

  return (
    <div className="flex min-h-screen flex-col">
      {/* The first thing Tab reaches: past the toolbar to the page. Focus is moved by hand, since a hash in
          the address would be a navigation of the router's. */}
      <Link
        href="#content"
        look="plain"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('content')?.focus();
        }}
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-blue-800 underline focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:outline-2 focus:outline-blue-700"
      >
        Skip to content
      </Link>
      <header className="toolbar bg-blue-800 text-white">
        <nav
          aria-label="Main"
          className="relative mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-2"
        >
          <Link to={paths.home} look="toolbar" aria-label={`${appName} home`}>
            <Logo />
          </Link>
          <span className="text-lg font-semibold">{appName}</span>
          <span className="flex-1" />
          <Link to={paths.pricing} look="toolbar" className="px-2 py-1">
            Pricing
          </Link>
          {user?.auth_token ? (
            <>
              {/* The address the account lives on; it follows an e-mail change live (email_changed). Until
                  the menu's code is here, the link it opens with. */}
              <Suspense
                fallback={
                  <Link
                    to={paths.account}
                    look="toolbar"
                    className="max-w-[45vw] truncate px-2 py-1"
                    aria-label={`Your account: ${user.email}`}
                  >
                    {user.email}
                  </Link>
                }
              >
                <AccountMenu email={user.email} />
              </Suspense>
              <Button variant="toolbar" onClick={() => void logOut()}>
                Logout
              </Button>
            </>
          ) : null}
        </nav>
      </header>
      <main id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<ProgressBar label="Loading the page" />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
