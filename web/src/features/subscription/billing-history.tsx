import type { Transaction, TransactionStatus } from '@contract/billing';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';
import { LoadStatus } from '@/components/ui/load-status';
import { Panel } from '@/components/ui/panel';
import { formatDay, formatMoney } from '@/lib/format';
import { planName } from '@/lib/plan-names';
import { success, useSubmission } from '@/lib/use-submission';
import { useTransactions } from './api/get-transactions';
import { openReceipt, receiptLink } from './api/receipt-link';

/** PayPal's statuses of a payment, said as a bank statement says them (a reversal is PayPal's REFUNDED). */
const STATUS_WORDS: Record<TransactionStatus, string> = {
  COMPLETED: 'Paid',
  PENDING: 'Pending at PayPal',
  DECLINED: 'Declined',
  PARTIALLY_REFUNDED: 'Partly refunded',
  REFUNDED: 'Refunded',
};

export const transactionStatusInWords = (status: TransactionStatus) => STATUS_WORDS[status];

/** Money that reached us, even if some or all of it went back since: it has a receipt. */
const HAS_RECEIPT = new Set<TransactionStatus>(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

export const RECEIPT_OPENED = 'The receipt opened in a new tab, where you can print it or save it.';

function Payment({ transaction }: { transaction: Transaction }) {
  const day = formatDay(transaction.time);
  const amount = formatMoney(transaction.amount.value, transaction.amount.currency_code);
  const receipt = useSubmission();
  const open = () =>
    void receipt.submit(async () => {
      openReceipt.open((await receiptLink(transaction.id)).url);
      return success(RECEIPT_OPENED);
    });
  return (
    <li
      aria-label={`Payment of ${day}`}
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-slate-200 p-3"
    >
      <p className="font-medium">{day}</p>
      <p className="text-right font-medium">{amount}</p>
      <p className="self-center text-slate-700">
        {planName(transaction.plan)} · {transactionStatusInWords(transaction.status)}
      </p>
      {HAS_RECEIPT.has(transaction.status) ? (
        <Button
          variant="secondary"
          className="justify-self-end"
          disabled={receipt.pending}
          aria-label={`Receipt of ${day}, ${amount}`}
          onClick={open}
        >
          Receipt
        </Button>
      ) : (
        <span />
      )}
      <div className="col-span-2 empty:hidden">
        <FormStatus pending={receipt.pending} outcome={receipt.outcome} pendingLabel="Opening the receipt" />
      </div>
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
