import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionJson } from '@contract/subscriptions';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { useSubscription } from '@/lib/subscription';
import { apiError, heldReply, stubApi, type StubReply } from '@/test/fetch-stub';
import { activeSubscription, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { formatDay } from './subscription-words';
import { SubscriptionPanel } from './subscription-panel';

const NEXT = '2027-03-05T10:00:00.000Z';
/** Where a suspended one's grace days end (the server's access_until while SUSPENDED). */
const GRACE_END = '2027-03-12T10:00:00.000Z';

/** How many times the section writes these words: a date said twice is the fault this guards against. */
const timesSaid = (words: string) =>
  (screen.getByRole('region', { name: 'Your subscription' }).textContent ?? '').split(words).length - 1;

const active = activeSubscription;
const cancelled: SubscriptionJson = {
  ...active,
  status: 'CANCELLED',
  next_billing_at: null,
  access_until: NEXT,
};

const billable = (subscription: SubscriptionJson) =>
  subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED';

/** The server's GET reply: the current one, and every billable one (by default the current one if billable). */
function server(
  current: SubscriptionJson | null,
  cancel: () => StubReply | Promise<StubReply> = () => ({ status: 500 }),
  billing: SubscriptionJson[] = current && billable(current) ? [current] : [],
) {
  return stubApi((call) =>
    call.path === '/api/v1/subscription'
      ? { status: 200, body: { subscription: current, subscriptions: billing } }
      : cancel(),
  );
}

function OnlyThePanel() {
  return <SubscriptionPanel read={useSubscription()} />;
}

async function showPanel() {
  renderScreen(<OnlyThePanel />, { url: '/account' });
  return screen.findByRole('region', { name: 'Your subscription' }).then((panel) => within(panel));
}

beforeEach(() => sessionStore.setUser(signedInUser));

describe("the account's Subscription section", () => {
  it('shows the plan, the status in words and the next payment date', async () => {
    server(active);
    const panel = await showPanel();
    expect(await panel.findByText('Monthly')).toBeInTheDocument();
    expect(panel.getByText('Active')).toBeInTheDocument();
    expect(formatDay(NEXT)).toBe('5 March 2027');
    expect(panel.getByText('Next payment: 5 March 2027.')).toBeInTheDocument();
    expect(panel.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message when the subscription cannot be read", async () => {
    stubApi(() =>
      apiError(503, 'paypal_unavailable', 'PayPal is not answering right now. Please try again soon.'),
    );
    const panel = await showPanel();
    expect(
      await panel.findByText('PayPal is not answering right now. Please try again soon.'),
    ).toBeInTheDocument();
  });

  it('says it could not read an answer without a body, rather than showing no subscription', async () => {
    stubApi(() => ({ status: 204 }));
    const panel = await showPanel();
    expect(
      await panel.findByText('The server sent an answer we could not read. Please reload the page.'),
    ).toBeInTheDocument();
    expect(panel.queryByText(/not subscribed/i)).not.toBeInTheDocument();
  });

  it('warns when a payment failed', async () => {
    server({ ...active, payment_failed: true });
    const panel = await showPanel();
    expect(await panel.findByRole('alert')).toHaveTextContent('Your last payment did not go through.');
  });

  it("links to PayPal's page where the payer fixes the payment method, as the server gives it", async () => {
    const autopay = 'https://www.sandbox.paypal.com/myaccount/autopay/';
    server({ ...active, payment_failed: true, fix_payment_url: autopay });
    const panel = await showPanel();
    const alert = within(await panel.findByRole('alert'));
    expect(alert.getByRole('link', { name: 'Fix your payment method at PayPal' })).toHaveAttribute(
      'href',
      autopay,
    );
  });

  it('says that the next payment is when the trial ends, with the date once', async () => {
    server({ ...active, trial_ends_at: NEXT });
    const panel = await showPanel();
    expect(await panel.findByText('Next payment: 5 March 2027, when your trial ends.')).toBeInTheDocument();
    expect(timesSaid('5 March 2027')).toBe(1);
  });

  it("says a paid trial's next payment and the trial's end apart when they differ", async () => {
    server({ ...active, next_billing_at: '2027-02-26T10:00:00.000Z', trial_ends_at: NEXT });
    const panel = await showPanel();
    expect(
      await panel.findByText('Next payment: 26 February 2027. Your trial ends on 5 March 2027.'),
    ).toBeInTheDocument();
  });

  it('shows the access-until date of a cancelled subscription in one sentence, once, and no cancel button', async () => {
    server(cancelled);
    const panel = await showPanel();
    expect(await panel.findByText('Cancelled')).toBeInTheDocument();
    expect(
      panel.getByText('You have access until 5 March 2027, and PayPal will not charge you again.'),
    ).toBeInTheDocument();
    expect(timesSaid('5 March 2027')).toBe(1);
    expect(panel.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  // Each state in words that hold together (decision 167): what is said, and what must not be said beside it.
  it.each<[string, Partial<SubscriptionJson>, string[], RegExp]>([
    ['active', {}, ['Active', 'Next payment: 5 March 2027.'], /access until|ended|Suspended|Paused/],
    [
      'active after a failed payment',
      { payment_failed: true },
      ['Next payment: 5 March 2027.', 'PayPal will try again'],
      /Suspended|Paused|access until/,
    ],
    [
      'suspended within its grace days',
      { status: 'SUSPENDED', payment_failed: true, access_until: GRACE_END },
      [
        'Suspended by PayPal',
        'PayPal has stopped taking payments for it. You have access until 12 March 2027.',
        'Your last payment did not go through. Please check your payment method at PayPal.',
      ],
      /Next payment|try again|Paused/,
    ],
    [
      'suspended past its grace days',
      { status: 'SUSPENDED', entitled: false, access_until: '2027-02-01T10:00:00.000Z' },
      ['PayPal has stopped taking payments for it, and your access has ended.'],
      /Next payment|access until|Paused/,
    ],
    [
      'cancelled, with access left',
      { status: 'CANCELLED', next_billing_at: null, access_until: NEXT, payment_failed: true },
      ['Cancelled', 'You have access until 5 March 2027, and PayPal will not charge you again.'],
      /Next payment|try again|did not go through/,
    ],
    [
      'cancelled, access over',
      { status: 'CANCELLED', entitled: false, next_billing_at: null, access_until: NEXT },
      ['Your access has ended.'],
      /Next payment|access until/,
    ],
    [
      'expired',
      { status: 'EXPIRED', entitled: false, next_billing_at: null },
      ['Ended', 'Your access has ended.'],
      /Next payment|access until/,
    ],
  ])('says a subscription that is %s in words that agree', async (_state, change, said, unsaid) => {
    const subscription = { ...active, ...change };
    server(subscription, undefined, []);
    const panel = await showPanel();
    await panel.findByText('Monthly');
    const region = screen.getByRole('region', { name: 'Your subscription' });
    for (const words of said) expect(region).toHaveTextContent(words);
    expect(region.textContent).not.toMatch(unsaid);
  });

  it('says, before cancelling a suspended one, that it ends it, and promises no date', async () => {
    server({ ...active, status: 'SUSPENDED', access_until: GRACE_END });
    const panel = await showPanel();
    await userEvent.click(await panel.findByRole('button', { name: 'Cancel subscription' }));
    expect(panel.getByRole('group', { name: 'Cancel your subscription' })).toHaveTextContent(
      /^If you cancel, PayPal will not charge you again, and this subscription cannot be started again\.Yes/,
    );
  });

  it('says when there is no subscription, with a link to the plans', async () => {
    server(null);
    const panel = await showPanel();
    expect(await panel.findByText(/You have no subscription\./)).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  });

  it('cancels only after a confirmation that says what cancelling means for access, then confirms it', async () => {
    const held = heldReply({ status: 200, body: cancelled });
    const calls = server(active, () => held.promise);
    const panel = await showPanel();
    await userEvent.click(await panel.findByRole('button', { name: 'Cancel subscription' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(panel.getByRole('group', { name: 'Cancel your subscription' })).toHaveTextContent(
      'If you cancel, PayPal will not charge you again. You keep access until 5 March 2027, the end of the period you have already paid for; after that, your access ends.',
    );
    await userEvent.click(panel.getByRole('button', { name: 'Yes, cancel my subscription' }));
    expect(panel.getByRole('progressbar', { name: 'Cancelling your subscription' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/v1/subscription/cancel' }),
    ]);
    held.release();
    expect(await panel.findByText('Your subscription is cancelled.')).toBeInTheDocument();
    expect(panel.getByText('Cancelled')).toBeInTheDocument();
    // The end date, once: in the one sentence of the cancelled state, not again in the success.
    expect(
      panel.getByText('You have access until 5 March 2027, and PayPal will not charge you again.'),
    ).toBeInTheDocument();
    expect(timesSaid('5 March 2027')).toBe(1);
  });

  it('says, before cancelling in a trial, that access lasts to the end of the trial', async () => {
    server({ ...active, trial_ends_at: NEXT });
    const panel = await showPanel();
    await userEvent.click(await panel.findByRole('button', { name: 'Cancel subscription' }));
    expect(panel.getByRole('group', { name: 'Cancel your subscription' })).toHaveTextContent(
      'If you cancel, PayPal will not charge you again. You keep access until 5 March 2027, the end of your trial; after that, your access ends.',
    );
  });

  it("keeps the subscription on 'Keep my subscription'", async () => {
    const calls = server(active);
    const panel = await showPanel();
    await userEvent.click(await panel.findByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(panel.getByRole('button', { name: 'Keep my subscription' }));
    expect(panel.queryByRole('group', { name: 'Cancel your subscription' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's message when the cancel fails, and that nothing was cancelled", async () => {
    server(active, () => apiError(503, 'payments_unavailable', 'Payments are not available right now.'));
    const panel = await showPanel();
    await userEvent.click(await panel.findByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(panel.getByRole('button', { name: 'Yes, cancel my subscription' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(
      'Your subscription was not cancelled. Payments are not available right now.',
    );
    expect(panel.getByText('Active')).toBeInTheDocument();
  });

  it('updates live on a subscription_changed push', async () => {
    server(null);
    const panel = await showPanel();
    await panel.findByText(/You have no subscription\./);
    act(() => accountEvents.emit({ event: 'subscription_changed', subscription: active }));
    expect(panel.getByText('Active')).toBeInTheDocument();
    act(() =>
      accountEvents.emit({
        event: 'subscription_changed',
        subscription: { ...active, status: 'SUSPENDED', payment_failed: true, access_until: GRACE_END },
      }),
    );
    expect(panel.getByText('Suspended by PayPal')).toBeInTheDocument();
    expect(panel.getByText(/You have access until 12 March 2027\./)).toBeInTheDocument();
    expect(panel.getByRole('alert')).toHaveTextContent('Your last payment did not go through.');
  });

  it('lists every subscription PayPal may bill, each with its own cancel, and keeps the other after one is cancelled', async () => {
    const weekly: SubscriptionJson = {
      ...active,
      id: 'I-ACTIVE2',
      plan: 'weekly',
      status: 'SUSPENDED',
      access_until: GRACE_END,
    };
    const calls = server(active, () => ({ status: 200, body: cancelled }), [weekly, active]);
    const panel = await showPanel();
    const monthlyItem = within(
      await panel.findByRole('listitem', { name: 'Monthly subscription I-ACTIVE1' }),
    );
    const weeklyItem = within(panel.getByRole('listitem', { name: 'Weekly subscription I-ACTIVE2' }));
    expect(weeklyItem.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    await userEvent.click(monthlyItem.getByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(monthlyItem.getByRole('button', { name: 'Yes, cancel my subscription' }));
    expect(await monthlyItem.findByText('Cancelled')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/v1/subscription/cancel',
        body: { subscription_id: 'I-ACTIVE1' },
      }),
    ]);
    // The other one is still billed, and still says so, with its own cancel.
    const still = within(panel.getByRole('listitem', { name: 'Weekly subscription I-ACTIVE2' }));
    expect(still.getByText('Suspended by PayPal')).toBeInTheDocument();
    expect(still.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  });
});
