import { prerenderToNodeStream } from 'react-dom/static';
import { API_PATHS } from '@contract/api-paths';
import { WEB_ROUTES, type WebRouteKey } from '@contract/web-routes';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { PRICES_PATH } from './lib/prices';
import type { PageConfig } from './lib/page-config';

interface Prerendered {
  /** Where it is rendered (a route's path; any unknown path for the not-found page). */
  path: string;
  file: string;
  screen?: string;
  fetches?: string[];
}

/**
 * The pages people reach first, from outside the app (links, app stores), each prerendered into a file of
 * its own, by route name (contract/web-routes.ts), and the not-found page the server answers unknown paths
 * with. The page asks for its `screen`'s chunk (a lazy one, by source path) and the API calls it makes at
 * once (`fetches`) beside the entry script, instead of after it has run.
 */
export const PRERENDERED: Partial<Record<WebRouteKey | 'notFound', Prerendered>> = {
  home: { path: WEB_ROUTES.home.path, file: 'home' },
  // The screen with the provider buttons of DESIGN 14 (app/sign-in-pages.tsx), which ask for the providers.
  login: {
    path: WEB_ROUTES.login.path,
    file: 'login',
    screen: 'src/app/sign-in-pages.tsx',
    fetches: [API_PATHS.authProviders],
  },
  pricing: {
    path: WEB_ROUTES.pricing.path,
    file: 'pricing',
    screen: 'src/features/pricing/pricing-screen.tsx',
    fetches: [PRICES_PATH],
  },
  deleteAccount: {
    path: WEB_ROUTES.deleteAccount.path,
    file: 'delete-account',
    screen: 'src/features/delete-account/delete-account-screen.tsx',
  },
  notFound: { path: '/page-not-found', file: 'not-found' },
};

/**
 * The build's prerender (scripts/prerender-web.mjs) renders the public pages with this, so their HTML and
 * styles paint before any script runs. Settings stay markers that the server fills, as in index.html.
 */
const MARKERS: PageConfig = {
  appName: '__APP_NAME__',
  appDescription: '__APP_DESCRIPTION__',
  supportEmail: '__SUPPORT_EMAIL__',
  cableUrl: '__ACTION_CABLE_URL__',
  paypalClientId: '__PAYPAL_CLIENT_ID__',
  paypalSdkUrl: '__PAYPAL_SDK_URL__',
};

export async function prerender(path: string): Promise<string> {
  await preloadRoute(path);
  const { prelude } = await prerenderToNodeStream(<App config={MARKERS} location={path} />);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
