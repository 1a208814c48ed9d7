import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type StubReply } from '@/test/fetch-stub';
import { activeSubscription, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import type { Transaction } from '@contract/billing';
import { openReceipt } from './api/receipt-link';
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

function server(
  reply: () => StubReply | Promise<StubReply>,
  link: () => StubReply | Promise<StubReply> = () => ({ status: 500, body: {} }),
) {
  return stubApi((call) => {
    if (call.path === '/api/v1/billing/transactions') return reply();
    if (call.path === '/api/v1/billing/receipt_link') return link();
    return { status: 500, body: {} };
  });
}

const history = () => within(screen.getByRole('region', { name: 'Payment history' }));

let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStore.setUser(signedInUser);
  open = vi.spyOn(openReceipt, 'open').mockImplementation(() => {});
});
afterEach(() => open.mockRestore());

const RECEIPT = 'http://localhost/billing/receipts/TX-1?token=single-use';

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
    expect(list.getByRole('button', { name: 'Receipt of 5 March 2027, €4.75' })).toBeEnabled();
    // A declined payment took no money: there is nothing to give a receipt for.
    expect(
      within(list.getByRole('listitem', { name: 'Payment of 5 January 2027' })).queryByRole('button'),
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

  it('opens the receipt through its single-use address, waiting with the progress bar', async () => {
    const held = heldReply({ status: 200, body: { url: RECEIPT, expires_at: '2027-01-05T10:05:00.000Z' } });
    const calls = server(
      () => ({ status: 200, body: { transactions: [payment('TX-1', '2027-01-05T10:00:00.000Z')] } }),
      () => held.promise,
    );
    renderScreen(<BillingHistory />, { url: '/account/billing' });
    const item = within(await history().findByRole('listitem', { name: 'Payment of 5 January 2027' }));
    await userEvent.click(item.getByRole('button', { name: 'Receipt of 5 January 2027, €12.50' }));
    expect(item.getByRole('progressbar', { name: 'Opening the receipt' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/v1/billing/receipt_link', body: { transaction_id: 'TX-1' } }),
    ]);
    held.release();
    expect(await item.findByRole('status')).toHaveTextContent(
      'The receipt opened in a new tab, where you can print it or save it.',
    );
    expect(open).toHaveBeenCalledWith(RECEIPT);
  });

  it("shows the server's sentence at the payment when its receipt cannot be had", async () => {
    server(
      () => ({ status: 200, body: { transactions: [payment('TX-1', '2027-01-05T10:00:00.000Z')] } }),
      () => apiError(404, 'transaction_not_found', 'No such payment was found for your account.'),
    );
    renderScreen(<BillingHistory />, { url: '/account/billing' });
    const item = within(await history().findByRole('listitem', { name: 'Payment of 5 January 2027' }));
    await userEvent.click(item.getByRole('button', { name: 'Receipt of 5 January 2027, €12.50' }));
    expect(await item.findByRole('alert')).toHaveTextContent('No such payment was found for your account.');
    expect(open).not.toHaveBeenCalled();
  });
});
