import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionJson } from '@contract/subscriptions';
import { accountEvents } from '@/lib/account-events';
import { PageConfigProvider } from '@/lib/page-config-context';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { euroPrices, signedInUser } from '@/test/fixtures';
import { renderScreen, testConfig } from '@/test/render-screen';
import type { PayPalButtonsOptions } from './paypal-sdk';
import { PricingScreen } from './pricing-screen';

const SDK_SRC = 'https://paypal.test/sdk/js?client-id=test-client-id&vault=true&intent=subscription';

const active: SubscriptionJson = {
  id: 'I-ACTIVE1',
  plan: 'weekly',
  status: 'ACTIVE',
  entitled: true,
  next_billing_at: '2027-03-05T10:00:00.000Z',
  access_until: null,
  payment_failed: false,
  fix_payment_url: null,
  trial_ends_at: null,
};

/** The stand-in server: prices, the user's current subscription, and whatever else the test answers. */
function server(
  current: SubscriptionJson | null,
  other: (call: ApiCall) => StubReply = () => ({ status: 500 }),
) {
  return stubApi((call) => {
    if (call.path === '/api/v1/paypal_prices') return { status: 200, body: euroPrices };
    if (call.path === '/api/v1/subscription') {
      const billing = current && ['ACTIVE', 'SUSPENDED'].includes(current.status) ? [current] : [];
      return { status: 200, body: { subscription: current, subscriptions: billing } };
    }
    return other(call);
  });
}

const sdkScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) =>
    script.src.includes('sdk/js'),
  );

/** A fake of PayPal's SDK: it starts when its script "loads" and keeps each plan's Buttons options. */
async function startFakeSdk() {
  const buttons: PayPalButtonsOptions[] = [];
  await waitFor(() => expect(sdkScripts()).toHaveLength(1));
  (window as { paypal?: unknown }).paypal = {
    Buttons(options: PayPalButtonsOptions) {
      return {
        render(element: HTMLElement) {
          buttons.push(options);
          const button = document.createElement('button');
          button.textContent = 'Subscribe with PayPal';
          element.append(button);
          return Promise.resolve();
        },
      };
    },
  };
  act(() => void sdkScripts()[0]?.dispatchEvent(new Event('load')));
  await waitFor(() =>
    expect(screen.getAllByRole('button', { name: 'Subscribe with PayPal' })).toHaveLength(3),
  );
  return buttons;
}

const card = (name: string) => within(screen.getByRole('listitem', { name }));

afterEach(() => {
  for (const script of sdkScripts()) script.remove();
  delete (window as { paypal?: unknown }).paypal;
});

describe('subscribing on the pricing screen, signed out', () => {
  it("offers 'Sign in to subscribe' on each card, the recommended one's the primary, going to /login and back to /pricing, and never loads PayPal", async () => {
    const calls = server(null);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    await screen.findByRole('list', { name: 'Plans' });
    for (const name of ['Monthly', 'Weekly', 'Two-day']) {
      const signIn = card(name).getByRole('link', { name: `Sign in to subscribe: ${name}` });
      expect(signIn).toHaveTextContent(/^Sign in to subscribe$/);
      expect(signIn.className).toMatch(name === 'Monthly' ? /\bbg-blue-700\b/ : /\bbg-white\b/);
    }
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    await userEvent.click(card('Weekly').getByRole('link', { name: /^Sign in to subscribe/ }));
    const location = screen.getByLabelText('Current location');
    expect(location).toHaveTextContent('/login');
    expect(location).toHaveAttribute('data-state', JSON.stringify({ from: '/pricing' }));
    expect(sdkScripts()).toEqual([]);
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/paypal_prices']);
  });
});

describe('subscribing on the pricing screen, signed in', () => {
  beforeEach(() => sessionStore.setUser(signedInUser));

  it('loads the SDK with the client id, vault and intent, and puts a PayPal button under each plan', async () => {
    server(null);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    expect(await screen.findByRole('progressbar', { name: 'Loading PayPal' })).toBeInTheDocument();
    await startFakeSdk();
    expect(sdkScripts().map((script) => script.src)).toEqual([SDK_SRC]);
    for (const name of ['Monthly', 'Weekly', 'Two-day'])
      expect(card(name).getByRole('button', { name: 'Subscribe with PayPal' })).toBeInTheDocument();
  });

  it("says in the subscribe step what a plan's trial gives and what PayPal charges after it", async () => {
    server(null);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    await startFakeSdk();
    expect(card('Monthly').getByText(/^You start with the trial/)).toHaveTextContent(
      'You start with the trial: Free for the first 14 days. PayPal then charges €12.50 per month.',
    );
    expect(card('Weekly').getByText(/^You start with the trial/)).toHaveTextContent(
      'You start with the trial: €1.00 for the first week. PayPal then charges €4.75 per week.',
    );
    expect(card('Two-day').queryByText(/trial/)).not.toBeInTheDocument();
  });

  it('says there is no trial this time for an account that had a subscription', async () => {
    server({ ...active, status: 'CANCELLED', entitled: false, next_billing_at: null });
    renderScreen(<PricingScreen />, { url: '/pricing' });
    await startFakeSdk();
    expect(
      card('Monthly').getByText(
        "A trial comes with an account's first subscription only, so PayPal charges €12.50 per month from the start.",
      ),
    ).toBeInTheDocument();
    expect(card('Monthly').queryByText(/You start with the trial/)).not.toBeInTheDocument();
  });

  it('creates the subscription on our server, confirms it once approved, and thanks the subscriber', async () => {
    const calls = server(null, (call) =>
      call.path === '/api/v1/subscriptions'
        ? { status: 201, body: { subscription_id: 'I-ACTIVE1', approve_url: 'https://paypal.test/approve' } }
        : { status: 200, body: active },
    );
    renderScreen(<PricingScreen />, { url: '/pricing' });
    const [, weekly] = await startFakeSdk();
    const subscriptionId = await act(() => weekly!.createSubscription());
    expect(subscriptionId).toBe('I-ACTIVE1');
    await act(() => weekly!.onApprove({ subscriptionID: 'I-ACTIVE1' }));

    expect(screen.getByText('Thank you! Your subscription is active.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/v1/subscriptions', body: { plan: 'weekly' } }),
      expect.objectContaining({
        path: '/api/v1/subscriptions/confirm',
        body: { subscription_id: 'I-ACTIVE1' },
      }),
    ]);
    expect(card('Weekly').getByText('Your plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe with PayPal' })).not.toBeInTheDocument();
  });

  it('says plainly that nothing happened and no money moved when the buyer closes PayPal', async () => {
    server(null);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    const [monthly] = await startFakeSdk();
    act(() => monthly!.onCancel());
    expect(
      screen.getByText(
        'You closed PayPal before approving, so you are not subscribed and no money has moved.',
      ),
    ).toBeInTheDocument();
  });

  it("shows our server's reason, and that no money moved, when creating the subscription fails", async () => {
    server(null, () => apiError(503, 'payments_unavailable', 'Payments are not available right now.'));
    renderScreen(<PricingScreen />, { url: '/pricing' });
    const [monthly] = await startFakeSdk();
    const error = await act(() => monthly!.createSubscription().catch((cause: unknown) => cause));
    act(() => monthly!.onError(error));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The subscription could not be set up, and no money has moved. Payments are not available right now.',
    );
  });

  it("says what happened when PayPal's own error ends the walk", async () => {
    server(null);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    const [monthly] = await startFakeSdk();
    act(() => monthly!.onError(new Error('Window closed unexpectedly')));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The subscription could not be set up, and no money has moved. Window closed unexpectedly',
    );
  });

  it("says 'Your plan' on the card of the plan held, links to /account/billing, and loads no SDK when entitled", async () => {
    const calls = server(active);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    await screen.findByRole('list', { name: 'Plans' });
    expect(await card('Weekly').findByText('Your plan')).toBeInTheDocument();
    expect(card('Weekly').getByRole('link', { name: 'Manage it on your account page' })).toHaveAttribute(
      'href',
      '/account/billing',
    );
    expect(card('Monthly').queryByText('Your plan')).not.toBeInTheDocument();
    expect(sdkScripts()).toEqual([]);
    expect(calls.map((call) => call.path).sort()).toEqual(['/api/v1/paypal_prices', '/api/v1/subscription']);
  });

  it('offers the buttons again once a pushed change ends the entitlement', async () => {
    server(active);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    await screen.findByRole('list', { name: 'Plans' });
    await card('Weekly').findByText('Your plan');
    act(() =>
      accountEvents.emit({
        event: 'subscription_changed',
        subscription: { ...active, status: 'EXPIRED', entitled: false, next_billing_at: null },
      }),
    );
    await startFakeSdk();
    expect(screen.queryByText('Your plan')).not.toBeInTheDocument();
  });

  it('says subscriptions are not set up (not "try again later"), and loads nothing, when the server has no PayPal client id', async () => {
    server(null);
    renderScreen(
      <PageConfigProvider value={{ ...testConfig, paypalClientId: '' }}>
        <PricingScreen />
      </PageConfigProvider>,
      { url: '/pricing' },
    );
    expect(await screen.findByText('Subscriptions are not set up on this server yet.')).toBeInTheDocument();
    expect(sdkScripts()).toEqual([]);
  });

  it('says so, and offers to try again, when the SDK cannot be loaded', async () => {
    server(null);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    act(() => void sdkScripts()[0]?.dispatchEvent(new Event('error')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "PayPal's checkout could not be loaded. No money has moved.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load PayPal again' }));
    await startFakeSdk();
  });
});
