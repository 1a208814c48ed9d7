import { Suspense } from 'react';
import { flushSync } from 'react-dom';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { ProgressBar } from '../components/ui/progress-bar';
import { logout } from '../features/auth/api/logout';
import { paths } from '../lib/paths';
import { usePageConfig } from '../lib/page-config-context';
import { sessionStore, useSessionUser } from '../lib/session-store';
import { RouteErrorBoundary } from './route-error-boundary';

export function Shell() {
  const { appName } = usePageConfig();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  async function signOut() {
    try {
      await logout();
    } catch {
      // The token may already be revoked; signing out locally is what the person asked for.
    }
    // One synchronous render for both, so a guarded page never sees the user gone while still shown (it
    // would send the person to sign in instead of home). Needs the router without transitions (app.tsx).
    flushSync(() => {
      sessionStore.clear();
      void navigate(paths.home);
    });
  }

  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-blue-800 text-white">
        <nav aria-label="Main" className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-2">
          <Link
            to={paths.home}
            aria-label={`${appName} home`}
            className="rounded focus-visible:outline-2 focus-visible:outline-white"
          >
            <Logo />
          </Link>
          <span className="text-lg font-semibold">{appName}</span>
          <span className="flex-1" />
          <Link to={paths.pricing} className="rounded px-2 py-1 underline-offset-4 hover:underline">
            Pricing
          </Link>
          {user?.auth_token ? (
            <Button variant="quiet" className="text-white hover:bg-blue-900" onClick={() => void signOut()}>
              Logout
            </Button>
          ) : null}
        </nav>
      </header>
      <main className="flex-1">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<ProgressBar label="Loading the page" />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
