import { API_PATHS } from '@contract/api-paths';
import type { ReceiptLinkReply } from '@contract/billing';
import { apiRequest } from '@/lib/http-client';

/**
 * POST /api/v1/billing/receipt_link: a browser tab sends no Bearer token, so the receipt page of one payment
 * is opened through a single-use address that works for 5 minutes (decision 192).
 */
export function receiptLink(transactionId: string): Promise<ReceiptLinkReply> {
  return apiRequest<ReceiptLinkReply>(API_PATHS.receiptLink, {
    method: 'POST',
    body: { transaction_id: transactionId },
  });
}

/**
 * Opens the receipt in a tab of its own, so the billing page stays; where the browser refuses a new tab, the
 * receipt opens in this one (a seam the tests replace).
 */
export const openReceipt = {
  open(url: string) {
    const tab = window.open(url, '_blank');
    if (tab) tab.opener = null;
    else window.location.assign(url);
  },
};
