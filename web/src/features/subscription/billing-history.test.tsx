import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type StubReply } from '@/test/fetch-stub';
import { activeSubscription, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import type { Transaction } from './api/get-transactions';
import { BillingHistory } from './billing-history';

const payment = (id: string, time: string, change: Partial<Transaction> = {}): Transaction => ({
  id,
  time,
  status: 'COMPLETED',
  amount: { currency_code: 'EUR', value: '12.50' },
  plan: 'monthly',
  subscription_id: 'I-ACTIVE1',
  ...change,
});

function server(reply: () => StubReply | Promise<StubReply>) {
  return stubApi((call) =>
    call.path === '/api/v1/billing/transactions' ? reply() : { status: 500, body: {} },
  );
}

const history = () => within(screen.getByRole('region', { name: 'Payment history' }));

beforeEach(() => sessionStore.setUser(signedInUser));

describe("the billing page's payment history", () => {
  it('waits with the progress bar, then lists each payment, newest first, with date, plan, amount, status and receipt', async () => {
    const held = heldReply({
      status: 200,
      body: {
        transactions: [
          payment('TX-3', '2027-03-05T10:00:00.000Z', {
            plan: 'weekly',
            amount: { currency_code: 'EUR', value: '4.75' },
          }),
          payment('TX-2', '2027-02-05T10:00:00.000Z', { status: 'PARTIALLY_REFUNDED' }),
          payment('TX-1', '2027-01-05T10:00:00.000Z', { status: 'DECLINED' }),
        ],
      },
    });
    server(() => held.promise);
    renderScreen(<BillingHistory />, { url: '/account/billing' });
    expect(history().getByRole('progressbar', { name: 'Loading your payments' })).toBeInTheDocument();
    held.release();
    const list = within(await history().findByRole('list', { name: 'Payments' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '5 March 2027€4.75Weekly · PaidReceipt',
      '5 February 2027€12.50Monthly · Partly refundedReceipt',
      '5 January 2027€12.50Monthly · Declined',
    ]);
    expect(list.getByRole('link', { name: 'Receipt of 5 March 2027, €4.75' })).toHaveAttribute(
      'href',
      '/billing/receipts/TX-3',
    );
    // A declined payment took no money: there is nothing to give a receipt for.
    expect(
      within(list.getByRole('listitem', { name: 'Payment of 5 January 2027' })).queryByRole('link'),
    ).toBeNull();
    expect(history().queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says there are no payments yet', async () => {
    server(() => ({ status: 200, body: { transactions: [] } }));
    renderScreen(<BillingHistory />, { url: '/account/billing' });
    expect(
      await history().findByText('No payments yet. Each payment PayPal takes shows here, with its receipt.'),
    ).toBeInTheDocument();
  });

  it("shows the server's sentence when PayPal cannot be asked (503 payments_unavailable)", async () => {
    server(() =>
      apiError(503, 'payments_unavailable', 'Payments are not available right now. Please try again later.'),
    );
    renderScreen(<BillingHistory />, { url: '/account/billing' });
    expect(await history().findByRole('alert')).toHaveTextContent(
      'Payments are not available right now. Please try again later.',
    );
    expect(history().queryByText(/No payments yet/)).not.toBeInTheDocument();
  });

  it('grows when a subscription_changed push says PayPal took a payment', async () => {
    let transactions = [payment('TX-1', '2027-01-05T10:00:00.000Z')];
    const calls = server(() => ({ status: 200, body: { transactions } }));
    renderScreen(<BillingHistory />, { url: '/account/billing' });
    const list = await history().findByRole('list', { name: 'Payments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    transactions = [payment('TX-2', '2027-02-05T10:00:00.000Z'), ...transactions];
    act(() => accountEvents.emit({ event: 'subscription_changed', subscription: activeSubscription }));
    expect(
      await history().findByRole('listitem', { name: 'Payment of 5 February 2027' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/billing/transactions')).toHaveLength(2);
  });
});
