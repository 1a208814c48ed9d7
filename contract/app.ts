/** Prefix of cookie names, Redis keys and local-storage keys (other than `user`). */
export const APP_PREFIX = 'bullapp';

/** The product's own name: APP_NAME's default, and a word no password may be made of, whatever APP_NAME is. */
export const DEFAULT_APP_NAME = 'BullApp';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Names of the <meta> tags through which the server hands settings to the page. */
export const PAGE_META = {
  appName: 'app-name',
  appDescription: 'app-description',
  supportEmail: 'support-email',
  paypalClientId: 'paypal-client-id',
  paypalEnvironment: 'paypal-environment',
  paypalSdkUrl: 'paypal-sdk-url',
  cableUrl: 'action-cable-url',
} as const;
