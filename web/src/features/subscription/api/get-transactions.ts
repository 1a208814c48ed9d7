import { API_PATHS } from '@contract/api-paths';
import type { Transaction, TransactionsReply } from '@contract/billing';
import { apiRequest } from '@/lib/http-client';
import { useSessionUser } from '@/lib/session-store';
import { useServerState } from '@/lib/use-server-state';

/** GET /api/v1/billing/transactions: PayPal's payments of the user's subscriptions, newest first. */
export async function getTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  return (await apiRequest<TransactionsReply>(API_PATHS.transactions, { signal })).transactions;
}

/**
 * The payment history, read per session when the page opens and again on each `subscription_changed`
 * push: a payment moves the subscription's next billing date, so the push that says so also means a new row.
 */
export function useTransactions() {
  const token = useSessionUser()?.auth_token || null;
  return useServerState({
    key: token && `transactions of ${token}`,
    read: getTransactions,
    refreshOn: ['subscription_changed'],
  });
}
