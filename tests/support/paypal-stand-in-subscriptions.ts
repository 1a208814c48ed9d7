import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { subscriptionControls } from './paypal-stand-in-controls.js';
import { saleBody, transactionsBody, type LedgerEntry } from './paypal-stand-in-ledger.js';
import { debugId, error, notFound, subscriptionBody, type StandInPlan } from './paypal-stand-in-wire.js';

/**
 * The stand-in's Subscriptions API (billing_subscriptions_v1): create (APPROVAL_PENDING with an `approve`
 * link, idempotent by PayPal-Request-Id, a plan override may leave the trial out), get, cancel (422 unless
 * ACTIVE or SUSPENDED), revise (an `approve` link for the buyer; the plan changes once approved), transactions
 * (the ledger of payments, refunds and reversals), and the buyer's approval. Test controls move a subscription the ways PayPal does on its own.
 */

export type StandInStatus =
  'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface StandInSubscription {
  id: string;
  planId: string;
  customId: string | null;
  status: StandInStatus;
  statusNote: string | null;
  createTime: string;
  statusUpdateTime: string;
  nextBillingTime: string | null;
  lastPaymentTime: string | null;
  failedPayments: number;
  returnUrl: string | null;
  cancelUrl: string | null;
  /** Whether it runs its plan's TRIAL cycle: not when a plan override left it out. */
  trial: boolean;
  planOverridden: boolean;
  /** REGULAR cycles paid so far: while none, a subscription with a trial is in it. */
  regularCyclesCompleted: number;
  payerEmail: string;
  ledger: LedgerEntry[];
  /** A revise waiting for the buyer's approval. */
  revision: { planId: string; returnUrl: string | null; cancelUrl: string | null } | null;
}

/** What a test hands `put()`: the rest takes PayPal's defaults. */
export type PutSubscription = Omit<
  StandInSubscription,
  | 'id'
  | 'createTime'
  | 'statusUpdateTime'
  | 'trial'
  | 'planOverridden'
  | 'regularCyclesCompleted'
  | 'payerEmail'
  | 'ledger'
  | 'revision'
> &
  Partial<StandInSubscription>;

export interface SubscriptionCalls {
  create: number;
  get: number;
  cancel: number;
  cancelReasons: string[];
  requestIds: string[];
  createBodies: unknown[];
  revise: number;
  reviseBodies: unknown[];
  transactions: number;
  /** The start_time and end_time of each transactions call. */
  transactionRanges: { start: string | null; end: string | null }[];
}

export interface SubscriptionsDeps {
  plans: Map<string, StandInPlan>;
  base: () => string;
  /** Null when the call may go on; else the stand-in has answered (down, or no valid token). */
  refuse: (request: IncomingMessage, response: ServerResponse) => boolean;
  send: (response: ServerResponse, status: number, body: unknown) => void;
  readBody: (request: IncomingMessage) => Promise<string>;
  /** Tells the webhook sender what happened, so a subscribed app hears it. */
  changed: (
    eventType: string,
    subscription: StandInSubscription,
    resource?: Record<string, unknown>,
  ) => Promise<void>;
}

export function createSubscriptionsStandIn(deps: SubscriptionsDeps) {
  const subscriptions = new Map<string, StandInSubscription>();
  const byRequestId = new Map<string, string>();
  // Subscriptions whose cancel PayPal fails (its 500), however often it is asked.
  const cancelRefused = new Set<string>();
  // What the buyer does the moment a create has been answered (a test's hand on PayPal's side).
  let afterCreate: ((id: string) => unknown) | null = null;
  const calls: SubscriptionCalls = {
    create: 0,
    get: 0,
    cancel: 0,
    cancelReasons: [],
    requestIds: [],
    createBodies: [],
    revise: 0,
    reviseBodies: [],
    transactions: 0,
    transactionRanges: [],
  };

  const body = (s: StandInSubscription) => subscriptionBody(s, deps.plans.get(s.planId), deps.base());

  async function create(request: IncomingMessage, response: ServerResponse) {
    calls.create += 1;
    const raw = await deps.readBody(request);
    if (deps.refuse(request, response)) return;
    const requestId = request.headers['paypal-request-id'];
    if (typeof requestId === 'string') calls.requestIds.push(requestId);
    const known = typeof requestId === 'string' ? byRequestId.get(requestId) : undefined;
    if (known) return deps.send(response, 201, body(subscriptions.get(known)!));
    let input: {
      plan_id?: unknown;
      custom_id?: unknown;
      plan?: { billing_cycles?: { sequence?: number }[] };
      application_context?: { return_url?: string; cancel_url?: string };
    };
    try {
      input = JSON.parse(raw);
    } catch {
      return deps.send(
        response,
        400,
        error('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'),
      );
    }
    calls.createBodies.push(input);
    if (typeof input.plan_id !== 'string' || !deps.plans.has(input.plan_id)) {
      return deps.send(
        response,
        422,
        error(
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
          [{ issue: 'INVALID_PLAN_STATUS', description: 'The plan is not found or not active.' }],
        ),
      );
    }
    const now = new Date().toISOString();
    const plan = deps.plans.get(input.plan_id);
    // A plan override runs the cycles it lists; the plan's trial is sequence 1 (planBody).
    const override = input.plan?.billing_cycles;
    const trial = Boolean(plan?.trial) && (!override || override.some((cycle) => cycle.sequence === 1));
    const subscription: StandInSubscription = {
      id: `I-${randomBytes(6).toString('hex').toUpperCase()}`,
      planId: input.plan_id,
      customId: typeof input.custom_id === 'string' ? input.custom_id : null,
      status: 'APPROVAL_PENDING',
      statusNote: null,
      createTime: now,
      statusUpdateTime: now,
      nextBillingTime: null,
      lastPaymentTime: null,
      failedPayments: 0,
      returnUrl: input.application_context?.return_url ?? null,
      cancelUrl: input.application_context?.cancel_url ?? null,
      trial,
      planOverridden: Array.isArray(override),
      regularCyclesCompleted: 0,
      payerEmail: 'buyer@example.com',
      ledger: [],
      revision: null,
    };
    subscriptions.set(subscription.id, subscription);
    if (typeof requestId === 'string') byRequestId.set(requestId, subscription.id);
    deps.send(response, 201, body(subscription));
    const act = afterCreate;
    if (act) response.once('finish', () => act(subscription.id));
  }

  function get(request: IncomingMessage, response: ServerResponse, id: string) {
    calls.get += 1;
    if (deps.refuse(request, response)) return;
    const found = subscriptions.get(id);
    if (!found) return deps.send(response, 404, notFound());
    deps.send(response, 200, body(found));
  }

  async function cancel(request: IncomingMessage, response: ServerResponse, id: string) {
    calls.cancel += 1;
    const raw = await deps.readBody(request);
    if (deps.refuse(request, response)) return;
    const found = subscriptions.get(id);
    if (!found) return deps.send(response, 404, notFound());
    if (cancelRefused.has(id))
      return deps.send(response, 500, {
        name: 'INTERNAL_SERVER_ERROR',
        message: 'An internal server error occurred.',
        debug_id: debugId(),
      });
    let reason: unknown;
    try {
      reason = (JSON.parse(raw) as { reason?: unknown }).reason;
    } catch {
      reason = undefined;
    }
    if (typeof reason !== 'string' || reason.length === 0 || reason.length > 128) {
      return deps.send(
        response,
        400,
        error('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
          { issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' },
        ]),
      );
    }
    if (found.status !== 'ACTIVE' && found.status !== 'SUSPENDED') {
      return deps.send(
        response,
        422,
        error(
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
          [
            {
              issue: 'SUBSCRIPTION_STATUS_INVALID',
              description:
                'Invalid subscription status for cancel action; subscription status should be active or suspended.',
            },
          ],
        ),
      );
    }
    calls.cancelReasons.push(reason);
    await move(
      found,
      { status: 'CANCELLED', statusNote: reason, nextBillingTime: null },
      'BILLING.SUBSCRIPTION.CANCELLED',
      false,
    );
    response.writeHead(204).end();
  }

  async function revise(request: IncomingMessage, response: ServerResponse, id: string) {
    calls.revise += 1;
    const raw = await deps.readBody(request);
    if (deps.refuse(request, response)) return;
    const found = subscriptions.get(id);
    if (!found) return deps.send(response, 404, notFound());
    let input: { plan_id?: unknown; application_context?: { return_url?: string; cancel_url?: string } };
    try {
      input = JSON.parse(raw);
    } catch {
      input = {};
    }
    calls.reviseBodies.push(input);
    if (typeof input.plan_id !== 'string' || !deps.plans.has(input.plan_id))
      return deps.send(
        response,
        422,
        error('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
          { issue: 'INVALID_PLAN_STATUS', description: 'The plan is not found or not active.' },
        ]),
      );
    if (found.status !== 'ACTIVE')
      return deps.send(
        response,
        422,
        error('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
          {
            issue: 'SUBSCRIPTION_STATUS_INVALID',
            description:
              'Invalid subscription status for revise action; subscription status should be active.',
          },
        ]),
      );
    found.revision = {
      planId: input.plan_id,
      returnUrl: input.application_context?.return_url ?? null,
      cancelUrl: input.application_context?.cancel_url ?? null,
    };
    const base = deps.base();
    deps.send(response, 200, {
      plan_id: input.plan_id,
      plan_overridden: false,
      links: [
        {
          href: `${base}/webapps/billing/subscriptions/update?ba_token=BA-${id.slice(2)}&subscription_id=${id}`,
          rel: 'approve',
          method: 'GET',
        },
        { href: `${base}/v1/billing/subscriptions/${id}`, rel: 'edit', method: 'PATCH' },
        { href: `${base}/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
      ],
    });
  }

  function transactions(request: IncomingMessage, response: ServerResponse, id: string, url: URL) {
    calls.transactions += 1;
    if (deps.refuse(request, response)) return;
    const start = url.searchParams.get('start_time');
    const end = url.searchParams.get('end_time');
    calls.transactionRanges.push({ start, end });
    const found = subscriptions.get(id);
    if (!found) return deps.send(response, 404, notFound());
    // Both are required, as PayPal says.
    if (!start || !end || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end)))
      return deps.send(
        response,
        400,
        error('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
          { issue: 'INVALID_PARAMETER_SYNTAX', description: 'start_time and end_time are required.' },
        ]),
      );
    deps.send(response, 200, transactionsBody(found, new Date(start), new Date(end)));
  }

  /** GET /v1/payments/sale/{id} (Payments v1): the sale, naming its subscription in billing_agreement_id. */
  function sale(request: IncomingMessage, response: ServerResponse, id: string) {
    if (deps.refuse(request, response)) return;
    for (const subscription of subscriptions.values()) {
      const entry = subscription.ledger.find((e) => e.id === id);
      if (entry) return deps.send(response, 200, saleBody(entry, subscription, deps.base()));
    }
    deps.send(response, 404, notFound());
  }

  async function move(
    subscription: StandInSubscription,
    change: Partial<StandInSubscription>,
    eventType: string,
    touchStatusTime = true,
  ) {
    Object.assign(subscription, change);
    if (touchStatusTime || change.status) subscription.statusUpdateTime = new Date().toISOString();
    await deps.changed(eventType, subscription);
  }

  return {
    calls,
    subscriptions,
    body,
    /** PayPal fails every cancel of this subscription from now on (a 500, as in an outage of that call). */
    refuseCancel(id: string) {
      cancelRefused.add(id);
    },
    /** From now on `act` runs with each new subscription's id once its create is answered (null: no more). */
    onCreated(act: ((id: string) => unknown) | null) {
      afterCreate = act;
    },
    /** Handles the call if it is one of the Subscriptions API's; false leaves it to the caller. */
    route(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
      const path = url.pathname;
      const id = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel|\/revise|\/transactions)?$/.exec(path);
      const subscriptionId = id?.[1] ? decodeURIComponent(id[1]) : null;
      const fail = () => response.destroy();
      if (request.method === 'POST' && path === '/v1/billing/subscriptions') {
        create(request, response).catch(fail);
      } else if (request.method === 'GET' && subscriptionId && !id?.[2]) {
        get(request, response, subscriptionId);
      } else if (request.method === 'POST' && subscriptionId && id?.[2] === '/cancel') {
        cancel(request, response, subscriptionId).catch(fail);
      } else if (request.method === 'POST' && subscriptionId && id?.[2] === '/revise') {
        revise(request, response, subscriptionId).catch(fail);
      } else if (request.method === 'GET' && subscriptionId && id?.[2] === '/transactions') {
        transactions(request, response, subscriptionId, url);
      } else if (request.method === 'GET' && /^\/v1\/payments\/sale\/[^/]+$/.test(path)) {
        sale(request, response, decodeURIComponent(path.slice('/v1/payments/sale/'.length)));
      } else {
        return false;
      }
      return true;
    },
    ...subscriptionControls({ subscriptions, plans: deps.plans, move, changed: deps.changed }),
  };
}

export type SubscriptionsStandIn = ReturnType<typeof createSubscriptionsStandIn>;
