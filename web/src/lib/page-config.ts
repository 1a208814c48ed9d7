import { PAGE_META } from '../../../contract/app';

function meta(name: string, fallback: string): string {
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  // An unfilled marker means the page was not served by our server (e.g. the Vite dev server).
  return value && !/^__[A-Z_]+__$/.test(value) ? value : fallback;
}

/** Settings the server wrote into the page's <meta> tags. */
export function readPageConfig() {
  return {
    appName: meta(PAGE_META.appName, 'BullApp'),
    supportEmail: meta(PAGE_META.supportEmail, 'support@example.com'),
    paypalClientId: meta(PAGE_META.paypalClientId, ''),
    paypalEnvironment: meta(PAGE_META.paypalEnvironment, 'production'),
    cableUrl: meta(PAGE_META.cableUrl, '/cable'),
    apiBase: window.location.origin,
  };
}
export type PageConfig = ReturnType<typeof readPageConfig>;
