import type { PricesReply } from '@contract/prices';
import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from './http-client';
import { useServerState } from './use-server-state';

export const PRICES_PATH = API_PATHS.prices;

/** GET /api/v1/paypal_prices: never fails because PayPal did, only when our own server cannot answer. */
export function getPrices(signal?: AbortSignal): Promise<PricesReply> {
  return apiRequest<PricesReply>(PRICES_PATH, { signal });
}

/**
 * The prices, read once on mount; `reload` asks again after a failure. Shared like the subscription: /pricing
 * shows them, and the billing page offers the other plans with their price.
 */
export function usePrices() {
  return useServerState({ key: 'prices', read: getPrices });
}
