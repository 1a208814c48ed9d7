import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandInSubscription } from './paypal-stand-in-subscriptions.js';

/** PayPal's wire formats as the stand-in speaks them: plan and subscription bodies, error bodies, replies. */

export type IntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface StandInPlan {
  id: string;
  name: string;
  /** PayPal's `description` (1 to 127 characters); left out of the body when unset, as PayPal does. */
  description?: string;
  value: string;
  currency: string;
  intervalUnit: IntervalUnit;
  intervalCount: number;
  /** A TRIAL cycle before the REGULAR one; without `value` it is free, and has no price object at all. */
  trial?: { intervalUnit: IntervalUnit; intervalCount: number; totalCycles: number; value?: string };
}

export const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

export function send(response: ServerResponse, status: number, body: unknown) {
  const id = debugId();
  response.writeHead(status, { 'Content-Type': 'application/json', 'Paypal-Debug-Id': id });
  response.end(JSON.stringify(body));
}

/**
 * A plan as `GET /v1/billing/plans/{id}` shows it (billing_plans_v1: `billing_cycles` with `frequency`,
 * `tenure_type`, `sequence`, `total_cycles`; a free TRIAL cycle has no `pricing_scheme`). Its trial cycle
 * comes first, so the reader must pick REGULAR for the price.
 */
export function planBody(plan: StandInPlan, base: string) {
  const at = '2026-01-15T10:00:00Z';
  const pricing = (value: string) => ({
    pricing_scheme: {
      version: 1,
      fixed_price: { currency_code: plan.currency, value },
      create_time: at,
      update_time: at,
    },
  });
  const { trial } = plan;
  const cycles = [
    ...(trial
      ? [
          {
            ...(trial.value === undefined ? {} : pricing(trial.value)),
            frequency: { interval_unit: trial.intervalUnit, interval_count: trial.intervalCount },
            tenure_type: 'TRIAL',
            sequence: 1,
            total_cycles: trial.totalCycles,
          },
        ]
      : []),
    {
      ...pricing(plan.value),
      frequency: { interval_unit: plan.intervalUnit, interval_count: plan.intervalCount },
      tenure_type: 'REGULAR',
      sequence: trial ? 2 : 1,
      total_cycles: 0,
    },
  ];
  return {
    id: plan.id,
    product_id: 'PROD-5FD50149LA8754023',
    name: plan.name,
    status: 'ACTIVE',
    ...(plan.description ? { description: plan.description } : {}),
    usage_type: 'LICENSED',
    billing_cycles: cycles,
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

export const AUTHENTICATION_FAILURE = {
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

export async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

export const error = (
  name: string,
  message: string,
  details: { issue: string; description: string }[] = [],
) => ({
  name,
  message,
  debug_id: debugId(),
  details,
  links: [
    {
      href: `https://developer.paypal.com/docs/api/v1/billing/subscriptions#${name}`,
      rel: 'information_link',
      method: 'GET',
    },
  ],
});

export const notFound = () =>
  error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' },
  ]);

/** Where the subscription stands in its plan's cycles: the TRIAL first when it runs one, then REGULAR. */
function cycleExecutions(s: StandInSubscription, plan: StandInPlan | undefined) {
  const trial = s.trial ? plan?.trial : undefined;
  // Before any renewal a subscription without a trial has paid its first REGULAR cycle at approval.
  const regularCompleted = trial ? s.regularCyclesCompleted : s.regularCyclesCompleted + 1;
  return [
    ...(trial
      ? [
          {
            tenure_type: 'TRIAL',
            sequence: 1,
            cycles_completed: s.regularCyclesCompleted > 0 ? trial.totalCycles : 0,
            cycles_remaining: s.regularCyclesCompleted > 0 ? 0 : trial.totalCycles,
            current_pricing_scheme_version: 1,
            total_cycles: trial.totalCycles,
          },
        ]
      : []),
    {
      tenure_type: 'REGULAR',
      sequence: trial ? 2 : 1,
      cycles_completed: regularCompleted,
      cycles_remaining: 0,
      current_pricing_scheme_version: 1,
      total_cycles: 0,
    },
  ];
}

/** A subscription as `GET /v1/billing/subscriptions/{id}` shows it. */
export function subscriptionBody(s: StandInSubscription, plan: StandInPlan | undefined, base: string) {
  const money = (value: string) => ({ currency_code: plan?.currency ?? 'USD', value });
  const links =
    s.status === 'APPROVAL_PENDING'
      ? [
          {
            href: `${base}/webapps/billing/subscriptions?ba_token=BA-${s.id.slice(2)}&subscription_id=${s.id}`,
            rel: 'approve',
            method: 'GET',
          },
        ]
      : [];
  return {
    id: s.id,
    plan_id: s.planId,
    status: s.status,
    ...(s.statusNote ? { status_change_note: s.statusNote } : {}),
    status_update_time: s.statusUpdateTime,
    start_time: s.createTime,
    quantity: '1',
    ...(s.customId ? { custom_id: s.customId } : {}),
    plan_overridden: s.planOverridden,
    shipping_amount: money('0.0'),
    ...(s.status === 'APPROVAL_PENDING'
      ? {}
      : {
          subscriber: {
            name: { given_name: 'John', surname: 'Doe' },
            email_address: s.payerEmail,
            payer_id: 'YSQ3RJHY3TYA4',
          },
          billing_info: {
            outstanding_balance: money('0.0'),
            cycle_executions: cycleExecutions(s, plan),
            ...(s.lastPaymentTime
              ? { last_payment: { amount: money(plan?.value ?? '0'), time: s.lastPaymentTime } }
              : {}),
            ...(s.nextBillingTime ? { next_billing_time: s.nextBillingTime } : {}),
            failed_payments_count: s.failedPayments,
          },
        }),
    create_time: s.createTime,
    update_time: s.statusUpdateTime,
    links: [...links, { href: `${base}/v1/billing/subscriptions/${s.id}`, rel: 'self', method: 'GET' }],
  };
}
