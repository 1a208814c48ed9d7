// Until the contract names it (the server side of issue #30 is under way on its own branch).
const RECEIPT_PATH = '/billing/receipts/:transaction_id';

/** GET /billing/receipts/:transaction_id: the server's printable receipt page of one payment. */
export const receiptUrl = (transactionId: string): string =>
  RECEIPT_PATH.replace(':transaction_id', encodeURIComponent(transactionId));
