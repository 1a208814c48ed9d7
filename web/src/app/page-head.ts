import { useEffect } from 'react';
import { matchWebRoute, NOT_FOUND_PAGE, pageDescription, pageTitle, WEB_ROUTES } from '@contract/web-routes';

/**
 * Keeps the <title> and the meta description on the page shown as the app navigates; the server wrote both
 * into the page it sent for the first address (server/web/pages.ts).
 */
export function usePageHead(pathname: string, appName: string, appDescription: string) {
  useEffect(() => {
    const name = matchWebRoute(pathname);
    const page = name ? WEB_ROUTES[name] : NOT_FOUND_PAGE;
    document.title = pageTitle(page, appName);
    let description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.createElement('meta');
      description.name = 'description';
      document.head.append(description);
    }
    description.content = pageDescription(page, appDescription);
  }, [pathname, appName, appDescription]);
}
