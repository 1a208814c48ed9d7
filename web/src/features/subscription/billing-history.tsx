import { Link } from '@/components/ui/link';
import { LoadStatus } from '@/components/ui/load-status';
import { Panel } from '@/components/ui/panel';
import { formatDay, formatMoney } from '@/lib/format';
import { planName } from '@/lib/plan-names';
import { useTransactions, type Transaction } from './api/get-transactions';
import { receiptUrl } from './api/receipt';

/** PayPal's transaction statuses, said as a bank statement says them; an unknown one is shown as it came. */
const STATUS_WORDS: Record<string, string> = {
  COMPLETED: 'Paid',
  PENDING: 'Pending at PayPal',
  DECLINED: 'Declined',
  PARTIALLY_REFUNDED: 'Partly refunded',
  REFUNDED: 'Refunded',
  REVERSED: 'Reversed',
  UNCLAIMED: 'Not collected',
};

export const transactionStatusInWords = (status: string) =>
  STATUS_WORDS[status] ?? status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');

/** Money that reached us, even if some or all of it went back since: it has a receipt. */
const HAS_RECEIPT = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REVERSED']);

function Payment({ transaction }: { transaction: Transaction }) {
  const day = formatDay(transaction.time);
  const amount = formatMoney(transaction.amount.value, transaction.amount.currency_code);
  return (
    <li
      aria-label={`Payment of ${day}`}
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-slate-200 p-3"
    >
      <span className="font-medium">{day}</span>
      <span className="text-right font-medium">{amount}</span>
      <span className="text-slate-700">
        {transaction.plan ? planName(transaction.plan) : 'Subscription'} ·{' '}
        {transactionStatusInWords(transaction.status)}
      </span>
      {HAS_RECEIPT.has(transaction.status) ? (
        <Link
          href={receiptUrl(transaction.id)}
          className="text-right"
          aria-label={`Receipt of ${day}, ${amount}`}
        >
          Receipt
        </Link>
      ) : (
        <span />
      )}
    </li>
  );
}

/**
 * The payment history of /account/billing (DESIGN 15): PayPal's transactions of the user's subscriptions, newest
 * first, each with its date, plan, amount and status, and a printable receipt for each payment.
 */
export function BillingHistory() {
  const history = useTransactions();
  const { data: transactions } = history;
  return (
    <Panel title="Payment history">
      <LoadStatus state={history} label="Loading your payments" />
      {transactions && transactions.length === 0 ? (
        <p>No payments yet. Each payment PayPal takes shows here, with its receipt.</p>
      ) : null}
      {transactions && transactions.length > 0 ? (
        <ul aria-label="Payments" className="flex flex-col gap-2">
          {transactions.map((transaction) => (
            <Payment key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
