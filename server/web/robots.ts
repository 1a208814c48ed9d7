import { API_PATHS } from '../../contract/api-paths.js';
import { WEB_ROUTES } from '../../contract/web-routes.js';

/**
 * robots.txt: crawlers may read the public pages, not the pages of one person nor those whose address
 * carries a token (the `private` routes of contract/web-routes.ts, up to their first parameter), nor the API
 * and the receipt pages.
 */
export function robotsTxt(): string {
  const privatePrefixes = Object.values(WEB_ROUTES)
    .filter((route) => 'private' in route && route.private)
    .map((route) => route.path.replace(/:.*$/, ''));
  // The receipt pages (DESIGN 15) are one person's, with a token in their address.
  const receipts = API_PATHS.receipt.replace(/:.*$/, '');
  const prefixes = [...new Set([...privatePrefixes, '/api/', API_PATHS.cable, receipts])];
  // A prefix already covers every path under it (`/account` keeps crawlers off `/account/security`).
  const disallowed = prefixes.filter(
    (path) => !prefixes.some((other) => other !== path && path.startsWith(other)),
  );
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), ''].join('\n');
}
