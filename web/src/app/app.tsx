import { BrowserRouter, StaticRouter } from 'react-router';
import { PageConfigProvider } from '@/lib/page-config-context';
import type { PageConfig } from '@/lib/page-config';
import { AccountPush } from './account-push';
import { AppRoutes } from './router';

/** The whole app; `location` renders it once at that address, as the build's prerender does. */
export function App({ config, location }: { config: PageConfig; location?: string }) {
  const routes = (
    <AccountPush>
      <AppRoutes />
    </AccountPush>
  );
  return (
    <PageConfigProvider value={config}>
      {location === undefined ? (
        // Location changes render at once, not as transitions: see the logout in shell.tsx.
        <BrowserRouter useTransitions={false}>{routes}</BrowserRouter>
      ) : (
        <StaticRouter location={location}>{routes}</StaticRouter>
      )}
    </PageConfigProvider>
  );
}
