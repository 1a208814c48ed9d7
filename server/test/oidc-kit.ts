import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, expect } from 'vitest';
import type { User } from '../../contract/users.js';
import { startTestProvider, type TestProvider } from '../../tests/support/oidc-provider.js';
import { bearer } from './accounts.js';
import type { AppContextOverrides } from '../app-context.js';
import { buildTestApp, type TestDialect } from './helper.js';
import { startSmtpServer, type TestSmtpServer } from './smtp.js';

/** The app's origin in these tests: the providers send the browser back to it. */
export const APP_URL = 'http://localhost:3000';
export const FLOW_COOKIE = 'bullapp_oidc';

/** A browser's cookies at the provider, kept between its pages as a browser keeps them. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** What the provider sent the browser back with: a redirect to the callback, or Apple's form_post page. */
export type ProviderReply =
  { method: 'GET'; url: URL } | { method: 'POST'; url: URL; form: Record<string, string> };

/** The hidden fields of a form_post page, as the browser would submit them. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`No form in the provider's page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    fields[name!] = value!.replaceAll('&amp;', '&').replaceAll('&#x2F;', '/').replaceAll('&#x3D;', '=');
  return { action: action.replaceAll('&amp;', '&'), fields };
}

/**
 * Goes through the provider's development login page as a person would: opens the authorization URL, fills
 * in the login (any password), and follows the provider's redirects until it sends the browser back to the
 * app. `cancel` presses the page's Cancel link instead.
 */
export async function throughProvider(
  authorizationUrl: string,
  { login, cancel = false }: { login: string; cancel?: boolean },
): Promise<ProviderReply> {
  const jar = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      headers: { cookie: jar.header() },
      redirect: 'manual',
    });
    jar.take(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return { method: 'GET', url: next };
      url = next;
      continue;
    }
    const html = await response.text();
    expect(response.status, html).toBe(200);
    if (html.includes('name="prompt" value="login"')) {
      const { action } = formOf(html);
      if (cancel) {
        const abort = /href="([^"]+\/abort)"/.exec(html)?.[1];
        url = new URL(abort!, url);
        continue;
      }
      url = new URL(action, url);
      body = new URLSearchParams({ prompt: 'login', login, password: 'any password' });
      continue;
    }
    // Apple's reply: a page whose form posts the code and state to the app.
    const { action, fields } = formOf(html);
    return { method: 'POST', url: new URL(action), form: fields };
  }
  throw new Error('The provider never sent the browser back.');
}

/** Delivers the provider's reply to the app's callback, with the flow's cookie unless told otherwise. */
export function deliver(
  app: FastifyInstance,
  reply: ProviderReply,
  { state, extraCookies = {} }: { state: string | undefined; extraCookies?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const cookies = { ...(state === undefined ? {} : { [FLOW_COOKIE]: state }), ...extraCookies };
  if (reply.method === 'GET')
    return app.inject({ method: 'GET', url: `${reply.url.pathname}${reply.url.search}`, cookies });
  return app.inject({
    method: 'POST',
    url: reply.url.pathname,
    cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(reply.form).toString(),
  });
}

export interface Started {
  location: string;
  state: string | undefined;
  reply: LightMyRequestResponse;
}

export async function start(app: FastifyInstance, provider: string, query = ''): Promise<Started> {
  const reply = await app.inject({ url: `/auth/${provider}/start${query ? `?${query}` : ''}` });
  expect(reply.statusCode, reply.body).toBe(302);
  const state = reply.cookies.find((cookie) => cookie.name === FLOW_COOKIE)?.value;
  return { location: reply.headers.location as string, state, reply };
}

/** A whole flow, from the start page through the provider's login to the app's callback reply. */
export async function signInThrough(
  app: FastifyInstance,
  provider: string,
  { login, query = '' }: { login: string; query?: string },
): Promise<LightMyRequestResponse> {
  const started = await start(app, provider, query);
  const reply = await throughProvider(started.location, { login });
  return deliver(app, reply, { state: started.state });
}

/** The pending token of a callback's redirect to `/login#auth_token=…`. */
export function pendingTokenOf(callback: LightMyRequestResponse): string {
  expect(callback.statusCode, callback.body).toBe(302);
  const location = callback.headers.location as string;
  const token = /^\/login(?:\?[^#]*)?#auth_token=([A-Za-z0-9_-]+)$/.exec(location)?.[1];
  expect(token, location).toBeTruthy();
  return token!;
}

/** Signs in with the pending token as the login page does; the reply's JSON. */
export async function redeem(app: FastifyInstance, token: string) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { session: { auth_token: token, qr: true } },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<User & { two_factor_required?: true; challenge?: string }>();
}

export async function identitiesOf(app: FastifyInstance, token: string) {
  const reply = await app.inject({ url: '/api/v1/identities', headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ identities: Array<{ id: string; provider: string; email: string | null }> }>()
    .identities;
}

export interface OidcWorld {
  app: FastifyInstance;
  smtp: TestSmtpServer;
  google: TestProvider;
  apple: TestProvider;
  /** Moves the app's clock (not the provider's) by this many milliseconds. */
  shiftClock(ms: number): void;
}

/**
 * For a test file of provider sign-in: `open(dialect)` starts a real SMTP server, a "Google" and an "Apple"
 * (oidc-provider on loopback ports) and an app configured with both; all closed after each test.
 */
export function oidcWorld() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async (
    dialect: TestDialect,
    env: Record<string, string> = {},
    { appUrl = APP_URL, rateLimits }: { appUrl?: string } & Pick<AppContextOverrides, 'rateLimits'> = {},
  ): Promise<OidcWorld> => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const google = await startTestProvider({ kind: 'google', appUrl });
    cleanups.push(() => google.close());
    const apple = await startTestProvider({ kind: 'apple', appUrl });
    cleanups.push(() => apple.close());
    let offset = 0;
    const testApp = await buildTestApp({
      dialect,
      env: {
        PUBLIC_URL: appUrl,
        SMTP_URL: smtp.url,
        OIDC_PROVIDERS: 'google,apple',
        ...google.env,
        ...apple.env,
        ...env,
      },
      now: () => new Date(Date.now() + offset),
      rateLimits,
    });
    cleanups.push(() => testApp.close());
    return { app: testApp.app, smtp, google, apple, shiftClock: (ms) => void (offset += ms) };
  };
}
