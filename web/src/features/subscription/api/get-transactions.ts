import type { PlanId } from '@contract/prices';
import { apiRequest } from '@/lib/http-client';
import { useSessionUser } from '@/lib/session-store';
import { useServerState } from '@/lib/use-server-state';

// Until the contract names them (the server side of issue #30 is under way on its own branch).
const TRANSACTIONS_PATH = '/api/v1/billing/transactions';
export interface Transaction {
  id: string;
  time: string;
  status: string;
  amount: { currency_code: string; value: string };
  plan: PlanId | null;
  subscription_id: string;
}
interface TransactionsReply {
  transactions: Transaction[];
}

/** GET /api/v1/billing/transactions: PayPal's payments of the user's subscriptions, newest first. */
export async function getTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  return (await apiRequest<TransactionsReply>(TRANSACTIONS_PATH, { signal })).transactions;
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
