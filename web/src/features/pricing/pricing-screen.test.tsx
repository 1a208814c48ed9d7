import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PricesReply } from '@contract/prices';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { euroPrices } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { PRICING_INTRO, PricingScreen } from './pricing-screen';

function renderPricing() {
  renderScreen(<PricingScreen />, { url: '/pricing' });
}

function card(name: string) {
  return within(screen.getByRole('listitem', { name }));
}

describe('the pricing screen', () => {
  it('says what the page offers and shows the progress bar while the prices load, and no plans yet', async () => {
    const held = heldReply({ status: 200, body: euroPrices });
    const calls = stubApi(() => held.promise);
    renderPricing();
    expect(screen.getByText(PRICING_INTRO)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading prices' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Plans' })).not.toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/api/v1/paypal_prices' })]);

    held.release();
    expect(await screen.findByRole('list', { name: 'Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the three plans with their prices in the currency PayPal gave, and the period in words', async () => {
    stubApi(() => ({ status: 200, body: euroPrices }));
    renderPricing();
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(card('Monthly').getByText('€12.50')).toBeInTheDocument();
    expect(card('Monthly').getByText('per month')).toBeInTheDocument();
    expect(card('Weekly').getByText('€4.75')).toBeInTheDocument();
    expect(card('Weekly').getByText('per week')).toBeInTheDocument();
    expect(card('Two-day').getByText('€1.90')).toBeInTheDocument();
    expect(card('Two-day').getByText('every 2 days')).toBeInTheDocument();
    expect(screen.getByText(/Prices are in Euro\./)).toBeInTheDocument();
  });

  it("names each plan, and shows its description and trial, as PayPal's plan gives them", async () => {
    const named: PricesReply = {
      ...euroPrices,
      plans: euroPrices.plans.map((plan) => (plan.id === 'weekly' ? { ...plan, name: 'Week pass' } : plan)),
    };
    stubApi(() => ({ status: 200, body: named }));
    renderPricing();
    expect(await screen.findByRole('listitem', { name: 'Week pass' })).toBeInTheDocument();
    expect(card('Monthly').getByText('Everything, billed once a month: the best value.')).toBeInTheDocument();
    expect(card('Monthly').getByText('Free for the first 14 days.')).toBeInTheDocument();
    expect(card('Week pass').getByText('€1.00 for the first week.')).toBeInTheDocument();
    expect(card('Two-day').queryByText(/for the first/)).not.toBeInTheDocument();
  });

  it('marks the recommended plan, and only that one', async () => {
    stubApi(() => ({ status: 200, body: { ...euroPrices, recommended: 'two_day' } }));
    renderPricing();
    await screen.findByRole('list', { name: 'Plans' });
    expect(card('Two-day').getByText('Recommended')).toBeInTheDocument();
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
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
    stubApi(() => ({ status: 200, body: defaults }));
    renderPricing();
    expect(await screen.findByText('$16.99')).toBeInTheDocument();
    expect(card('Weekly').getByText('$7.99')).toBeInTheDocument();
    expect(card('Two-day').getByText('$2.49')).toBeInTheDocument();
  });

  it("shows a 'Sandbox' badge in the sandbox environment only", async () => {
    stubApi(() => ({ status: 200, body: { ...euroPrices, environment: 'sandbox' } }));
    renderPricing();
    expect(await screen.findByText('Sandbox')).toBeInTheDocument();
  });

  it('shows no badge in production', async () => {
    stubApi(() => ({ status: 200, body: euroPrices }));
    renderPricing();
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByText('Sandbox')).not.toBeInTheDocument();
  });

  it("shows the server's message when the call fails, and loads again on 'Try again'", async () => {
    const replies = [
      apiError(503, 'unavailable', 'The server is busy. Please try again.'),
      { status: 200, body: euroPrices },
    ];
    const calls = stubApi(() => replies.shift() ?? 'networkError');
    renderPricing();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the prices right now. The server is busy. Please try again.",
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('€12.50')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("says 'Server error' when the server cannot be reached at all", async () => {
    stubApi(() => 'networkError');
    renderPricing();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the prices right now. Server error",
    );
  });
});
