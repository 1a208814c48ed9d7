import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { paths } from '@/lib/paths';
import { sessionStore, useSessionUser } from '@/lib/session-store';

/** Lets a visitor through only with a signed-in user; otherwise to /login, and back here after. */
export function RequireUser({ children }: { children: ReactNode }) {
  useSessionUser();
  const location = useLocation();
  if (!sessionStore.checkCredentials()) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}

/** The support console (DESIGN 16) for support agents (role 1); anyone else sees the page any unknown address shows. */
export function RequireAgent({ children }: { children: ReactNode }) {
  useSessionUser();
  return sessionStore.role === 1 ? <>{children}</> : <NotFoundScreen />;
}
