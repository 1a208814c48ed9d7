/** The part of PayPal's JS SDK (v5 Buttons API) that /pricing uses. */
export interface PayPalButtonsOptions {
  createSubscription: () => Promise<string>;
  onApprove: (data: { subscriptionID?: string | null }) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}

export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): { render(element: HTMLElement): Promise<void>; close?(): unknown };
}

const loads = new Map<string, { script: HTMLScriptElement; load: Promise<PayPalNamespace> }>();

/** `PAYPAL_SDK_URL?client-id=<client id>&vault=true&intent=subscription`, as PayPal documents for subscriptions. */
export function sdkScriptUrl(sdkUrl: string, clientId: string): string {
  const url = new URL(sdkUrl, window.location.href);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('vault', 'true');
  url.searchParams.set('intent', 'subscription');
  return url.toString();
}

/**
 * Adds PayPal's SDK script to the page once (the pricing screen calls this when it shows buttons, so no other
 * page ever requests it) and resolves with `window.paypal`. A failed load is forgotten, so a retry asks again.
 */
export function loadPayPalSdk(sdkUrl: string, clientId: string): Promise<PayPalNamespace> {
  const src = sdkScriptUrl(sdkUrl, clientId);
  const known = loads.get(src);
  if (known?.script.isConnected) return known.load;
  const script = document.createElement('script');
  const load = new Promise<PayPalNamespace>((resolve, reject) => {
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      const paypal = (window as { paypal?: PayPalNamespace }).paypal;
      if (paypal) resolve(paypal);
      else reject(new Error('PayPal did not start.'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error("PayPal's checkout could not be loaded."));
    });
    document.head.append(script);
  });
  loads.set(src, { script, load });
  load.catch(() => loads.delete(src));
  return load;
}
