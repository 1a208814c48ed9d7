import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_FOUND_PAGE, pageDescription, WEB_ROUTES, type WebRouteKey } from '../../contract/web-routes.js';
import type { Config } from '../config.js';
import { encodePage, type EncodedPage } from './page-encoding.js';
import { renderPage } from './page.js';

/** The built pages, filled with the settings once (and compressed at first use): they change only with config. */
export interface Pages {
  /** The page of each route of the web app, with its own title and description. */
  byRoute: Record<WebRouteKey, EncodedPage>;
  /** The page every unknown path is answered with, status 404. */
  notFound: EncodedPage;
}

/** Key of the not-found page in pages.json; the others are route names of contract/web-routes.ts. */
export const NOT_FOUND_KEY = 'notFound';

/**
 * Reads the build's pages from `webRoot`, or null when there is no build there. A page the build prerendered
 * (scripts/prerender-web.mjs, listed in pages/pages.json by route name) starts from its own file; every
 * other starts from index.html, whose #root is empty.
 */
export function loadPages(webRoot: string, config: Config): Pages | null {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) return null;
  const listFile = join(webRoot, 'pages', 'pages.json');
  const prerendered: Record<string, string> = existsSync(listFile)
    ? (JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string>)
    : {};
  const template = (name: string) =>
    readFileSync(prerendered[name] ? join(webRoot, 'pages', prerendered[name]) : indexFile, 'utf8');
  const byRoute = Object.fromEntries(
    Object.entries(WEB_ROUTES).map(([name, page]) => [
      name,
      encodePage(
        renderPage(template(name), config, {
          ...page,
          description: pageDescription(page, config.appDescription),
        }),
      ),
    ]),
  ) as Record<WebRouteKey, EncodedPage>;
  return {
    byRoute,
    notFound: encodePage(renderPage(template(NOT_FOUND_KEY), config, NOT_FOUND_PAGE)),
  };
}
