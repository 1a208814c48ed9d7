import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionJson } from '@contract/subscriptions';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { activeSubscription, euroPrices, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { goTo } from './api/change-plan';
import { askedPlan } from './asked-plan';
import { BillingSections } from './billing-sections';

const APPROVE_URL = 'https://paypal.test/webapps/billing/subscriptions/update?ba_token=BA-1';

/** The server: this subscription, the prices, no payments, and the plan change as the test says. */
function server(
  subscription: SubscriptionJson | null,
  change: (call: ApiCall) => StubReply | Promise<StubReply> = () => ({
    status: 200,
    body: { approve_url: APPROVE_URL },
  }),
) {
  return stubApi((call) => {
    if (call.path === '/api/v1/subscription')
      return { status: 200, body: { subscription, subscriptions: subscription ? [subscription] : [] } };
    if (call.path === '/api/v1/paypal_prices') return { status: 200, body: euroPrices };
    if (call.path === '/api/v1/billing/transactions') return { status: 200, body: { transactions: [] } };
    return change(call);
  });
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function planRow() {
  renderScreen(<BillingSections />, { url: '/account/billing' });
  return within(await screen.findByRole('region', { name: 'Plan' }));
}

async function openChange() {
  const row = await planRow();
  await row.findByText('Monthly: €12.50 per month.');
  await userEvent.click(row.getByRole('button', { name: 'Change plan' }));
  return within(row.getByRole('group', { name: 'Change your plan' }));
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  window.sessionStorage.clear();
  sessionStore.setUser(signedInUser);
  assign = vi.spyOn(goTo, 'assign').mockImplementation(() => {});
});
afterEach(() => assign.mockRestore());

describe("the billing page's plan row", () => {
  it('names the plan held with its price, and shows its form only when asked', async () => {
    server(activeSubscription);
    const row = await planRow();
    expect(await row.findByText('Monthly: €12.50 per month.')).toBeInTheDocument();
    expect(row.queryByRole('group', { name: 'Change your plan' })).not.toBeInTheDocument();
  });

  it('says, before any call, when the new price starts and that nothing is prorated, beside the other plans and their price', async () => {
    const calls = server(activeSubscription);
    const form = await openChange();
    expect(
      form.getByText(
        'The new price starts at your next payment on 5 March 2027. Nothing is prorated: until then you keep Monthly as it is, and PayPal charges no difference. PayPal asks you to approve the change.',
      ),
    ).toBeInTheDocument();
    const others = within(form.getByRole('list', { name: 'Other plans' }));
    expect(others.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Weekly',
      'Two-day',
    ]);
    expect(others.getByRole('listitem', { name: 'Weekly' })).toHaveTextContent('Weekly: €4.75 per week');
    expect(others.getByRole('listitem', { name: 'Two-day' })).toHaveTextContent(
      'Two-day: €1.90 every 2 days',
    );
    expect(form.queryByRole('button', { name: 'Change to Monthly' })).not.toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Change to Weekly' })).toHaveFocus();
    expect(posts(calls)).toEqual([]);
    // The row's read of the prices serves the form: opening it asks nothing more.
    expect(calls.filter((call) => call.path === '/api/v1/paypal_prices')).toHaveLength(1);
  });

  it('asks the server for the change, waits with the progress bar, then goes to PayPal and says what happens next', async () => {
    const held = heldReply({ status: 200, body: { approve_url: APPROVE_URL } });
    const calls = server(activeSubscription, () => held.promise);
    const form = await openChange();
    await userEvent.click(form.getByRole('button', { name: 'Change to Weekly' }));
    expect(form.getByRole('progressbar', { name: 'Asking PayPal to change your plan' })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Change to Two-day' })).toBeDisabled();
    expect(posts(calls)).toEqual([
      expect.objectContaining({ path: '/api/v1/subscription/change', body: { plan: 'weekly' } }),
    ]);
    expect(assign).not.toHaveBeenCalled();
    held.release();
    expect(await form.findByRole('status')).toHaveTextContent(
      'PayPal is opening. Approve the change there, and PayPal brings you back to this page.',
    );
    expect(assign).toHaveBeenCalledWith(APPROVE_URL);
    // What was asked, for the page PayPal brings the buyer back to.
    expect(askedPlan.read()).toEqual({ subscriptionId: 'I-ACTIVE1', plan: 'weekly' });
  });

  it("shows the server's sentence for the plan already held (409 same_plan), and stays", async () => {
    server(activeSubscription, () => apiError(409, 'same_plan', 'You are already on this plan.'));
    const form = await openChange();
    await userEvent.click(form.getByRole('button', { name: 'Change to Weekly' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Your plan was not changed. You are already on this plan.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(askedPlan.read()).toBeNull();
    expect(form.getByRole('button', { name: 'Change to Weekly' })).toBeEnabled();
  });

  it("shows the server's sentence when PayPal is down (503 payments_unavailable)", async () => {
    server(activeSubscription, () =>
      apiError(503, 'payments_unavailable', 'Payments are not available right now. Please try again later.'),
    );
    const form = await openChange();
    await userEvent.click(form.getByRole('button', { name: 'Change to Two-day' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Your plan was not changed. Payments are not available right now. Please try again later.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it("closes on 'Cancel' with nothing asked", async () => {
    const calls = server(activeSubscription);
    const form = await openChange();
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Change your plan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change plan' })).toHaveFocus();
    expect(posts(calls)).toEqual([]);
  });

  it('is not offered for a subscription PayPal cannot revise', async () => {
    const suspended: SubscriptionJson = { ...activeSubscription, status: 'SUSPENDED' };
    server(suspended);
    renderScreen(<BillingSections />, { url: '/account/billing' });
    expect(await screen.findByText('Suspended by PayPal')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
  });

  it('names the new plan as soon as the subscription_changed push says PayPal changed it', async () => {
    server(activeSubscription);
    const row = await planRow();
    await row.findByText('Monthly: €12.50 per month.');
    act(() =>
      accountEvents.emit({
        event: 'subscription_changed',
        subscription: { ...activeSubscription, plan: 'weekly' },
      }),
    );
    expect(row.getByText('Weekly: €4.75 per week.')).toBeInTheDocument();
    const panel = within(screen.getByRole('region', { name: 'Your subscription' }));
    expect(panel.getByText('Weekly')).toBeInTheDocument();
  });
});
