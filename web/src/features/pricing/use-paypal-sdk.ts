import { usePageConfig } from '@/lib/page-config-context';
import { useServerState } from '@/lib/use-server-state';
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
  const loading = wanted && Boolean(paypalClientId);
  const script = useServerState({
    key: loading ? `paypal sdk ${paypalSdkUrl} ${paypalClientId}` : null,
    read: () => loadPayPalSdk(paypalSdkUrl, paypalClientId),
  });

  let sdk: SdkState = { status: 'loading' };
  if (!wanted) sdk = { status: 'idle' };
  else if (!paypalClientId) sdk = { status: 'unavailable' };
  else if (script.data) sdk = { status: 'ready', paypal: script.data };
  else if (script.error) sdk = { status: 'failed', message: script.error };
  return { sdk, retry: () => void script.reload() };
}
