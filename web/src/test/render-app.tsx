import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '@/app/router';
import { PageConfigProvider } from '@/lib/page-config-context';
import { LocationProbe, testConfig } from './render-screen';

/** Renders the whole app (shell, guard, every route) at `path`, with the page settings and a location probe. */
export function renderApp(path: string) {
  return render(
    <PageConfigProvider value={testConfig}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </PageConfigProvider>,
  );
}
