import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/http-client';
import { PageConfigProvider } from '../lib/page-config-context';
import type { PageConfig } from '../lib/page-config';
import { sessionStore } from '../lib/session-store';
import { AccountPush } from './account-push';
import { AppRoutes } from './router';

export function App({ config }: { config: PageConfig }) {
  useEffect(() => {
    setUnauthorizedHandler(() => sessionStore.clear());
  }, []);
  return (
    <PageConfigProvider value={config}>
      {/* Location changes render at once, not as transitions: see the logout in shell.tsx. */}
      <BrowserRouter useTransitions={false}>
        <AccountPush>
          <AppRoutes />
        </AccountPush>
      </BrowserRouter>
    </PageConfigProvider>
  );
}
