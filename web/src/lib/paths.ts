import { WEB_ROUTES, type WebRouteKey } from '@contract/web-routes';

/**
 * Every route of the web app by name, from the one list in contract/web-routes.ts: a plain path, or a
 * pattern (`/change-password/:password_hash`) for a page whose address carries a value.
 */
export const paths = Object.fromEntries(
  Object.entries(WEB_ROUTES).map(([name, route]) => [name, route.path]),
) as { [Name in WebRouteKey]: (typeof WEB_ROUTES)[Name]['path'] };
