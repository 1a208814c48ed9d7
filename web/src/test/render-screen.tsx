import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PageConfig } from '@/lib/page-config';
import { PageConfigProvider } from '@/lib/page-config-context';

export const testConfig: PageConfig = {
  appName: 'Moo',
  appDescription: 'Fresh milk from happy cows, at your door every morning.',
  supportEmail: 'help@moo.example',
  cableUrl: '/cable',
  paypalClientId: 'test-client-id',
  paypalSdkUrl: 'https://paypal.test/sdk/js',
};

/** Shows where the router is now, so a test can assert navigation the way a person reads the address bar. */
export function LocationProbe() {
  const { pathname, search, hash, state } = useLocation();
  return (
    <output aria-label="Current location" data-state={JSON.stringify(state ?? null)}>
      {`${pathname}${search}${hash}`}
    </output>
  );
}

/**
 * Renders one screen at `url` (matched by `route`), with the page settings and a probe of the location.
 * Any other path renders only the probe, so "went to /account" is visible as text.
 */
export function renderScreen(
  screen: ReactElement,
  { url, route = url.split(/[?#]/)[0] ?? url, state }: { url: string; route?: string; state?: unknown },
) {
  const [pathAndSearch = '', hash = ''] = url.split('#');
  const [pathname = '', search = ''] = pathAndSearch.split('?');
  return render(
    <PageConfigProvider value={testConfig}>
      <MemoryRouter
        useTransitions={false}
        initialEntries={[
          { pathname, search: search ? `?${search}` : '', hash: hash ? `#${hash}` : '', state },
        ]}
      >
        <Routes>
          <Route path={route} element={screen} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </PageConfigProvider>,
  );
}
