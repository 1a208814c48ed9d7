import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sdkScript } from './paypal-sdk-stand-in.js';
import {
  AUTHENTICATION_FAILURE,
  debugId,
  planBody,
  readBody,
  send,
  type StandInPlan,
} from './paypal-stand-in-wire.js';
import { createSubscriptionsStandIn, type SubscriptionsStandIn } from './paypal-stand-in-subscriptions.js';
import { createApprovalStandIn } from './paypal-stand-in-approval.js';
import {
  CERT_PATH,
  createWebhookSender,
  signingKey,
  type StandInWebhooks,
} from './paypal-stand-in-webhooks.js';

/**
 * A local stand-in for PayPal's REST API, speaking its documented wire format for the calls the app makes:
 * `POST /v1/oauth2/token` (client credentials, Basic auth), `GET /v1/billing/plans/{id}`, the Subscriptions
 * API (paypal-stand-in-subscriptions.ts), signed webhooks (paypal-stand-in-webhooks.ts) with the certificate
 * served at its cert URL, and a JS SDK stand-in at `/sdk/js` (paypal-sdk-stand-in.ts).
 * Tests flip its switches to make PayPal fail the ways it really fails, and count the calls it saw.
 */

export { planBody, readBody, type IntervalUnit, type StandInPlan } from './paypal-stand-in-wire.js';

/**
 * 'invalid-client' answers the token call as PayPal does for a wrong secret; the others hit every API call
 * ('unreachable' cuts the connection without an answer).
 */
export type StandInFailure = 'invalid-client' | 'server-error' | 'hang' | 'unreachable' | null;

export interface StandInOptions {
  clientId: string;
  clientSecret: string;
  plans: StandInPlan[];
  /** Seconds an access token lives; PayPal's are about nine hours. */
  tokenLifetimeSeconds?: number;
  port?: number;
  host?: string;
}

export interface PayPalStandIn {
  url: string;
  /** The JS SDK stand-in: pass it as PAYPAL_SDK_URL. */
  sdkUrl: string;
  calls: {
    token: number;
    plans: number;
    plan: Record<string, number>;
    cert: number;
    /** Every call's method and path, as the stand-in received it. */
    all: string[];
  };
  subscriptions: SubscriptionsStandIn;
  webhooks: StandInWebhooks;
  /** The buyer closes PayPal's window instead of approving, once. */
  declineNextApproval(): void;
  failWith(failure: StandInFailure): void;
  setPlan(plan: StandInPlan): void;
  removePlan(id: string): void;
  /** Forgets every token issued, as when PayPal revokes them before they expire. */
  revokeTokens(): void;
  resetCounts(): void;
  close(): Promise<void>;
}

function basicCredentials(header: string | undefined): [string, string] | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

export async function startPayPalStandIn(options: StandInOptions): Promise<PayPalStandIn> {
  const plans = new Map(options.plans.map((plan) => [plan.id, plan]));
  const tokens = new Map<string, number>();
  const lifetime = options.tokenLifetimeSeconds ?? 32_400;
  let failure: StandInFailure = null;
  const calls: PayPalStandIn['calls'] = { token: 0, plans: 0, plan: {}, cert: 0, all: [] };
  let base = '';

  /** True when the call was answered already: PayPal is down, or the bearer token is not one it issued. */
  function refuse(request: IncomingMessage, response: ServerResponse): boolean {
    if (failure === 'hang') return true;
    if (failure === 'unreachable') {
      response.destroy();
      return true;
    }
    if (failure === 'server-error') {
      send(response, 500, {
        name: 'INTERNAL_SERVER_ERROR',
        message: 'An internal server error occurred.',
        debug_id: debugId(),
      });
      return true;
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt <= Date.now()) {
      send(response, 401, { ...AUTHENTICATION_FAILURE, debug_id: debugId() });
      return true;
    }
    return false;
  }

  const subscriptions = createSubscriptionsStandIn({
    plans,
    base: () => base,
    refuse,
    send,
    readBody,
    changed: (eventType, subscription, resource) => webhooks.changed(eventType, subscription, resource),
  });
  const webhooks = createWebhookSender({
    base: () => base,
    describe: (id) => {
      const found = subscriptions.subscriptions.get(id);
      return found ? { subscription: found, body: subscriptions.body(found) } : null;
    },
  });

  const approval = createApprovalStandIn(subscriptions);

  /**
   * The hand of a browser test on PayPal's side, for the stand-in that runs as a process of its own:
   * `POST /stand-in/subscriptions/{id}/<control>` with `suspend` (as PayPal does after failed payments),
   * `refuse-cancel` (every cancel of it fails from then on), `fail-payment`, `pay-renewal`, and `refund` or
   * `reverse` (the latest payment, or `{"sale_id"}`; all of it, or `{"amount":"0.50"}`). Each answers
   * `{"id"}` once the webhooks it causes were delivered; `pay-renewal`, `refund` and `reverse` add `sale_id`.
   */
  function testControl(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
    const match =
      /^\/stand-in\/subscriptions\/([^/]+)\/(suspend|refuse-cancel|fail-payment|pay-renewal|refund|reverse)$/.exec(
        url.pathname,
      );
    if (request.method !== 'POST' || !match?.[1] || !match[2]) return false;
    const id = decodeURIComponent(match[1]);
    const control = match[2];
    if (!subscriptions.subscriptions.has(id)) {
      send(response, 404, { message: 'The stand-in has no such subscription.' });
      return true;
    }
    const act = async (): Promise<Record<string, unknown>> => {
      const input = JSON.parse((await readBody(request)) || '{}') as { sale_id?: string; amount?: string };
      if (control === 'refuse-cancel') subscriptions.refuseCancel(id);
      else if (control === 'suspend') await subscriptions.suspend(id);
      else if (control === 'fail-payment') await subscriptions.failPayment(id);
      else if (control === 'pay-renewal') return { sale_id: (await subscriptions.payRenewal(id)).sale.id };
      else {
        const given = await subscriptions[control as 'refund' | 'reverse'](id, {
          saleId: input.sale_id,
          amount: input.amount,
        });
        return { sale_id: given.entry.id };
      }
      return {};
    };
    act().then(
      (more) => send(response, 200, { id, ...more }),
      (error: unknown) => send(response, 400, { message: String(error) }),
    );
    return true;
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    calls.token += 1;
    const body = await readBody(request);
    if (failure === 'hang') return;
    if (failure === 'server-error') {
      return send(response, 500, {
        name: 'INTERNAL_SERVER_ERROR',
        message: 'An internal server error occurred.',
        debug_id: debugId(),
      });
    }
    const credentials = basicCredentials(request.headers.authorization);
    if (
      failure === 'invalid-client' ||
      !credentials ||
      credentials[0] !== options.clientId ||
      credentials[1] !== options.clientSecret
    ) {
      return send(response, 401, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      });
    }
    const form = new URLSearchParams(body);
    if (
      !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded') ||
      form.get('grant_type') !== 'client_credentials'
    ) {
      return send(response, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Grant Type is NULL',
      });
    }
    const accessToken = `A21AA${randomBytes(32).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + lifetime * 1000);
    send(response, 200, {
      scope:
        'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/applications/webhooks',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: lifetime,
      nonce: `${new Date().toISOString().slice(0, 19)}Z${randomBytes(16).toString('base64url')}`,
    });
  }

  function plan(request: IncomingMessage, response: ServerResponse, id: string) {
    calls.plans += 1;
    calls.plan[id] = (calls.plan[id] ?? 0) + 1;
    if (refuse(request, response)) return;
    const found = plans.get(id);
    if (!found) {
      return send(response, 404, {
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        debug_id: debugId(),
        details: [
          {
            issue: 'INVALID_RESOURCE_ID',
            description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
          },
        ],
        links: [
          {
            href: 'https://developer.paypal.com/docs/api/v1/billing/subscriptions#RESOURCE_NOT_FOUND',
            rel: 'information_link',
            method: 'GET',
          },
        ],
      });
    }
    send(response, 200, planBody(found, base));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    calls.all.push(`${request.method} ${url.pathname}`);
    const planId = /^\/v1\/billing\/plans\/([^/]+)$/.exec(url.pathname)?.[1];
    if (subscriptions.route(request, response, url)) return;
    if (testControl(request, response, url)) return;
    if (approval.route(request, response, url)) return;
    if (request.method === 'GET' && url.pathname === CERT_PATH) {
      calls.cert += 1;
      response.writeHead(200, { 'Content-Type': 'application/x-x509-ca-cert' });
      response.end(signingKey().certificatePem);
    } else if (request.method === 'GET' && url.pathname === '/sdk/js') {
      response.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8' });
      response.end(sdkScript(base));
    } else if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      token(request, response).catch(() => response.destroy());
    } else if (request.method === 'GET' && planId) {
      plan(request, response, decodeURIComponent(planId));
    } else if (request.method === 'GET' && url.pathname === '/stand-in/ready') {
      send(response, 200, { ready: true });
    } else {
      send(response, 404, {
        name: 'NOT_FOUND',
        message: 'The specified resource does not exist.',
        debug_id: debugId(),
      });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url: base,
    sdkUrl: `${base}/sdk/js`,
    calls,
    subscriptions,
    declineNextApproval: approval.declineNext,
    webhooks: webhooks.controls,
    failWith(next) {
      failure = next;
    },
    setPlan(next) {
      plans.set(next.id, next);
    },
    removePlan(id) {
      plans.delete(id);
    },
    revokeTokens() {
      tokens.clear();
    },
    resetCounts() {
      calls.token = 0;
      calls.plans = 0;
      calls.plan = {};
      calls.cert = 0;
      calls.all = [];
    },
    async close() {
      // Hanging requests hold their sockets open: cut them, or close() would wait for them forever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
