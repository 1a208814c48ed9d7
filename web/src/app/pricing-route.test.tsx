import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageConfigProvider } from '../lib/page-config-context';
import { routes } from './router';

const config = {
  appName: 'Moo',
  supportEmail: 'help@moo.example',
  paypalClientId: '',
  paypalEnvironment: 'production',
  cableUrl: '/cable',
  apiBase: 'http://localhost',
};

const prices = {
  environment: 'production',
  client_id: null,
  currency: 'USD',
  source: 'default',
  plans: [
    { id: 'monthly', price: '16.99', interval_unit: 'MONTH', interval_count: 1, paypal_plan_id: null },
    { id: 'weekly', price: '7.99', interval_unit: 'WEEK', interval_count: 1, paypal_plan_id: null },
    { id: 'two_day', price: '2.49', interval_unit: 'DAY', interval_count: 2, paypal_plan_id: null },
  ],
  monthly: '16.99',
  weekly: '7.99',
  two_day: '2.49',
};

afterEach(() => vi.unstubAllGlobals());

describe('the /pricing route', () => {
  it("opens from the toolbar's Pricing link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ status: 200, statusText: 'OK', text: async () => JSON.stringify(prices) })),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(
      <PageConfigProvider value={config}>
        <RouterProvider router={router} />
      </PageConfigProvider>,
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Pricing' }));
    expect(await screen.findByRole('heading', { name: 'Pricing', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('$16.99')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pricing');
  });
});
