import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PricesReply } from '../../../../contract/prices';
import { PricingScreen } from './pricing-screen';

const euroPrices: PricesReply = {
  environment: 'production',
  client_id: 'live-id',
  currency: 'EUR',
  source: 'paypal',
  plans: [
    { id: 'monthly', price: '12.50', interval_unit: 'MONTH', interval_count: 1, paypal_plan_id: 'P-1' },
    { id: 'weekly', price: '4.75', interval_unit: 'WEEK', interval_count: 1, paypal_plan_id: 'P-2' },
    { id: 'two_day', price: '1.90', interval_unit: 'DAY', interval_count: 2, paypal_plan_id: 'P-3' },
  ],
  monthly: '12.50',
  weekly: '4.75',
  two_day: '1.90',
};

function reply(status: number, body: unknown, statusText = '') {
  return { status, statusText, text: async () => JSON.stringify(body) } as unknown as Response;
}

function renderScreen() {
  render(
    <MemoryRouter>
      <PricingScreen />
    </MemoryRouter>,
  );
}

function card(name: string) {
  return within(screen.getByRole('listitem', { name }));
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the pricing screen', () => {
  it('shows the progress bar while the prices load, and no plans yet', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();
    expect(screen.getByRole('progressbar', { name: 'Loading prices' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Plans' })).not.toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown as [URL])[0])).toMatch(/\/api\/v1\/paypal_prices$/);

    answer(reply(200, euroPrices));
    expect(await screen.findByRole('list', { name: 'Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the three plans with their prices in the currency PayPal gave, and the period in words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, euroPrices)),
    );
    renderScreen();
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(card('Monthly').getByText('€12.50')).toBeInTheDocument();
    expect(card('Monthly').getByText('per month')).toBeInTheDocument();
    expect(card('Weekly').getByText('€4.75')).toBeInTheDocument();
    expect(card('Weekly').getByText('per week')).toBeInTheDocument();
    expect(card('Two-day').getByText('€1.90')).toBeInTheDocument();
    expect(card('Two-day').getByText('every 2 days')).toBeInTheDocument();
    expect(screen.getByText(/Prices are in Euro\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('shows the default dollar prices the server falls back to like any others', async () => {
    const defaults: PricesReply = {
      ...euroPrices,
      currency: 'USD',
      source: 'default',
      plans: euroPrices.plans.map((plan, index) => ({
        ...plan,
        price: ['16.99', '7.99', '2.49'][index] ?? '',
      })),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, defaults)),
    );
    renderScreen();
    expect(await screen.findByText('$16.99')).toBeInTheDocument();
    expect(card('Weekly').getByText('$7.99')).toBeInTheDocument();
    expect(card('Two-day').getByText('$2.49')).toBeInTheDocument();
  });

  it("shows a 'Sandbox' badge in the sandbox environment only", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { ...euroPrices, environment: 'sandbox' })),
    );
    renderScreen();
    expect(await screen.findByText('Sandbox')).toBeInTheDocument();
  });

  it('shows no badge in production', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, euroPrices)),
    );
    renderScreen();
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByText('Sandbox')).not.toBeInTheDocument();
  });

  it("shows the server's message when the call fails, and loads again on 'Try again'", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        reply(503, { error: 'unavailable', message: 'The server is busy. Please try again.' }, 'Unavailable'),
      )
      .mockResolvedValueOnce(reply(200, euroPrices));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the prices right now. The server is busy. Please try again.",
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('€12.50')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("says 'Server error' when the server cannot be reached at all", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the prices right now. Server error",
    );
  });
});
