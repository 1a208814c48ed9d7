import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@contract/errors';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { euroPrices, signedInMe, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { PricingScreen } from './pricing-screen';

/** Prices, no subscription, /me as `verified` says, and `other` for the rest. */
function server(verified: boolean, other: (call: ApiCall) => StubReply = () => ({ status: 500 })) {
  return stubApi((call) => {
    if (call.path === '/api/v1/paypal_prices') return { status: 200, body: euroPrices };
    if (call.path === '/api/v1/subscription')
      return { status: 200, body: { subscription: null, subscriptions: [] } };
    if (call.path === '/api/v1/me') return { status: 200, body: { ...signedInMe, email_verified: verified } };
    return other(call);
  });
}

const notice = () => screen.findByRole('region', { name: 'Confirm your e-mail address to subscribe' });
const sdkLoaded = () =>
  [...document.querySelectorAll('script')].some((script) => script.src.includes('sdk/js'));

describe('the pricing page of an account whose address is not confirmed', () => {
  it("says why it cannot subscribe yet, in the server's sentence, offers no PayPal button, and links to the account", async () => {
    sessionStore.setUser({ ...signedInUser, email_verified: false });
    server(false);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    const region = await notice();
    expect(region).toHaveTextContent(ERROR_MESSAGES.email_not_verified);
    expect(within(region).getByRole('link', { name: 'Confirm it on your account page' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(sdkLoaded()).toBe(false);
  });

  it('sends a new code and says where to enter it; past the limit it shows the server’s sentence', async () => {
    sessionStore.setUser({ ...signedInUser, email_verified: false });
    let sent = 0;
    const calls = server(false, () => {
      sent += 1;
      return sent === 1
        ? { status: 202 }
        : apiError(429, 'too_many_requests', 'Too many requests. Please wait a moment and try again.');
    });
    renderScreen(<PricingScreen />, { url: '/pricing' });
    const region = await notice();
    await userEvent.click(within(region).getByRole('button', { name: 'Send a new code' }));
    expect(await within(region).findByText(/^We sent a new code to ada@example\.com\./)).toHaveRole('status');
    await userEvent.click(within(region).getByRole('button', { name: 'Send a new code' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/email_verification',
      '/api/v1/email_verification',
    ]);
  });

  it('checks with the server first, and offers the plans when the address was confirmed meanwhile', async () => {
    sessionStore.setUser({ ...signedInUser, email_verified: false });
    server(true);
    renderScreen(<PricingScreen />, { url: '/pricing' });
    await waitFor(() => expect(sessionStore.getUser()?.email_verified).toBe(true));
    await waitFor(() => expect(sdkLoaded()).toBe(true));
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address to subscribe' })).toBeNull();
  });
});
