import { useCallback, useEffect, useState } from 'react';
import { usePageConfig } from '@/lib/page-config-context';
import { loadPayPalSdk, type PayPalNamespace } from './paypal-sdk';

export type SdkState =
  | { status: 'idle' }
  | { status: 'unavailable' }
  | { status: 'loading' }
  | { status: 'ready'; paypal: PayPalNamespace }
  | { status: 'failed'; message: string };

/**
 * PayPal's JS SDK, requested only once `wanted` (a signed-in visitor who may subscribe) and only from this
 * screen: nothing loads it for any other page, nor for the prerendered HTML (effects do not run there).
 */
export function usePayPalSdk(wanted: boolean): { sdk: SdkState; retry: () => void } {
  const { paypalSdkUrl, paypalClientId } = usePageConfig();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; sdk: SdkState } | null>(null);
  const loading = wanted && Boolean(paypalClientId);

  useEffect(() => {
    if (!loading) return;
    let current = true;
    loadPayPalSdk(paypalSdkUrl, paypalClientId).then(
      (paypal) => current && setLoaded({ attempt, sdk: { status: 'ready', paypal } }),
      (error: unknown) =>
        current &&
        setLoaded({
          attempt,
          sdk: { status: 'failed', message: error instanceof Error ? error.message : 'Server error' },
        }),
    );
    return () => {
      current = false;
    };
  }, [loading, paypalSdkUrl, paypalClientId, attempt]);

  let sdk: SdkState = { status: 'loading' };
  if (!wanted) sdk = { status: 'idle' };
  else if (!paypalClientId) sdk = { status: 'unavailable' };
  else if (loaded?.attempt === attempt) sdk = loaded.sdk;

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { sdk, retry };
}
