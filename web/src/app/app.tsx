import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/http-client';
import { PageConfigProvider } from '../lib/page-config-context';
import type { PageConfig } from '../lib/page-config';
import { sessionStore } from '../lib/session-store';
import { createRouter } from './router';

export function App({ config }: { config: PageConfig }) {
  const router = useMemo(() => createRouter(), []);
  useEffect(() => {
    setUnauthorizedHandler(() => sessionStore.clear());
  }, []);
  return (
    <PageConfigProvider value={config}>
      <RouterProvider router={router} />
    </PageConfigProvider>
  );
}
