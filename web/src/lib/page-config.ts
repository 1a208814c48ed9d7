import { PAGE_META } from '@contract/app';

function meta(name: string, fallback: string): string {
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  // An unfilled marker means the page was not served by our server (e.g. the Vite dev server).
  return value && !/^__[A-Z_]+__$/.test(value) ? value : fallback;
}

/** The settings the server wrote into the page's <meta> tags that the web app reads. */
export function readPageConfig() {
  return {
    appName: meta(PAGE_META.appName, 'BullApp'),
    /** APP_DESCRIPTION: what is sold, said on home under the title; empty when the operator set none. */
    appDescription: meta(PAGE_META.appDescription, ''),
    supportEmail: meta(PAGE_META.supportEmail, 'support@example.com'),
    cableUrl: meta(PAGE_META.cableUrl, '/cable'),
    /** Empty when the server has no PayPal client id: nobody can subscribe then. */
    paypalClientId: meta(PAGE_META.paypalClientId, ''),
    paypalSdkUrl: meta(PAGE_META.paypalSdkUrl, 'https://www.paypal.com/sdk/js'),
  };
}
export type PageConfig = ReturnType<typeof readPageConfig>;
