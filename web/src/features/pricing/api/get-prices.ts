import { useCallback, useEffect, useState } from 'react';
import type { PricesReply } from '@contract/prices';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

export const PRICES_PATH = API_PATHS.prices;

/** GET /api/v1/paypal_prices: never fails because PayPal did, only when our own server cannot answer. */
export function getPrices(): Promise<PricesReply> {
  return apiRequest<PricesReply>(PRICES_PATH);
}

export type PricesState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; prices: PricesReply };

/** The prices, loaded once on mount; `retry` asks again after a failure. */
export function usePrices(): { state: PricesState; retry: () => void } {
  const [state, setState] = useState<PricesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    getPrices().then(
      (prices) => {
        if (current) setState({ status: 'ready', prices });
      },
      (error: unknown) => {
        if (current)
          setState({ status: 'failed', message: error instanceof Error ? error.message : 'Server error' });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, retry };
}
