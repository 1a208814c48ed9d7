import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PayPal's REST API, speaking its documented wire format for the two calls the app
 * makes: `POST /v1/oauth2/token` (client credentials, Basic auth) and `GET /v1/billing/plans/{id}`.
 * Tests flip its switches to make PayPal fail the ways it really fails, and count the calls it saw.
 */

export type IntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface StandInPlan {
  id: string;
  name: string;
  value: string;
  currency: string;
  intervalUnit: IntervalUnit;
  intervalCount: number;
}

/** 'invalid-client' answers the token call as PayPal does for a wrong secret; the others hit every call. */
export type StandInFailure = 'invalid-client' | 'server-error' | 'hang' | null;

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
  calls: { token: number; plans: number; plan: Record<string, number> };
  failWith(failure: StandInFailure): void;
  setPlan(plan: StandInPlan): void;
  removePlan(id: string): void;
  /** Forgets every token issued, as when PayPal revokes them before they expire. */
  revokeTokens(): void;
  resetCounts(): void;
  close(): Promise<void>;
}

const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

function send(response: ServerResponse, status: number, body: unknown) {
  const id = debugId();
  response.writeHead(status, { 'Content-Type': 'application/json', 'Paypal-Debug-Id': id });
  response.end(JSON.stringify(body));
}

/** A plan as `GET /v1/billing/plans/{id}` shows it: a trial cycle first, so the reader must pick REGULAR. */
export function planBody(plan: StandInPlan, base: string) {
  const at = '2026-01-15T10:00:00Z';
  return {
    id: plan.id,
    product_id: 'PROD-5FD50149LA8754023',
    name: plan.name,
    status: 'ACTIVE',
    description: `${plan.name} subscription`,
    usage_type: 'LICENSED',
    billing_cycles: [
      {
        pricing_scheme: {
          version: 1,
          fixed_price: { currency_code: plan.currency, value: '0' },
          create_time: at,
          update_time: at,
        },
        frequency: { interval_unit: plan.intervalUnit, interval_count: plan.intervalCount },
        tenure_type: 'TRIAL',
        sequence: 1,
        total_cycles: 1,
      },
      {
        pricing_scheme: {
          version: 1,
          fixed_price: { currency_code: plan.currency, value: plan.value },
          create_time: at,
          update_time: at,
        },
        frequency: { interval_unit: plan.intervalUnit, interval_count: plan.intervalCount },
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 0,
      },
    ],
    payment_preferences: {
      service_type: 'PREPAID',
      auto_bill_outstanding: true,
      setup_fee: { value: '0', currency_code: plan.currency },
      setup_fee_failure_action: 'CONTINUE',
      payment_failure_threshold: 3,
    },
    taxes: { percentage: '0', inclusive: false },
    quantity_supported: false,
    create_time: at,
    update_time: at,
    links: [
      {
        href: `${base}/v1/billing/plans/${plan.id}`,
        rel: 'self',
        method: 'GET',
        encType: 'application/json',
      },
    ],
  };
}

const AUTHENTICATION_FAILURE = {
  name: 'AUTHENTICATION_FAILURE',
  message:
    'Authentication failed due to missing authorization header, or invalid authentication credentials.',
  links: [
    {
      href: 'https://developer.paypal.com/docs/api/overview/#error',
      rel: 'information_link',
    },
  ],
};

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
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
  const calls: PayPalStandIn['calls'] = { token: 0, plans: 0, plan: {} };
  let base = '';

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
    if (failure === 'hang') return;
    if (failure === 'server-error') {
      return send(response, 500, {
        name: 'INTERNAL_SERVER_ERROR',
        message: 'An internal server error occurred.',
        debug_id: debugId(),
      });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt <= Date.now()) {
      return send(response, 401, { ...AUTHENTICATION_FAILURE, debug_id: debugId() });
    }
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
    const planId = /^\/v1\/billing\/plans\/([^/]+)$/.exec(url.pathname)?.[1];
    if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
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
    calls,
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
    },
    async close() {
      // Hanging requests hold their sockets open: cut them, or close() would wait for them forever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
