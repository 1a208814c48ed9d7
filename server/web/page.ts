import { API_PATHS } from '../../contract/api-paths.js';
import { pageTitle, type WebPage } from '../../contract/web-routes.js';
import type { Config } from '../config.js';
import { escapeHtml } from '../http/escape-html.js';

/**
 * Fills the built index.html with the server's settings and the title and description of `page`. The settings
 * travel in <meta> tags, never in an inline script, so the Content-Security-Policy can forbid inline script.
 */
export function renderPage(template: string, config: Config, page: WebPage): string {
  const values: Record<string, string> = {
    __APP_NAME__: config.appName,
    __APP_DESCRIPTION__: config.appDescription,
    __PAGE_TITLE__: pageTitle(page, config.appName),
    __PAGE_DESCRIPTION__: page.description,
    __SUPPORT_EMAIL__: config.supportEmail,
    __PAYPAL_CLIENT_ID__: config.paypal.clientId ?? '',
    __PAYPAL_ENVIRONMENT__: config.paypal.environment,
    __PAYPAL_SDK_URL__: config.paypal.sdkUrl,
    __ACTION_CABLE_URL__: API_PATHS.cable,
  };
  return template.replace(/__[A-Z_]+__/g, (marker) =>
    marker in values ? escapeHtml(values[marker] ?? '') : marker,
  );
}
