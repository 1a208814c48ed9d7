import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { subscriptionStatusSchema, type SubscriptionStatus } from '../../contract/subscriptions.js';
import { describeFailure, PayPalError, type PayPalApi } from './paypal-api.js';
import { isPayPalSubscriptionId } from './paypal-ids.js';

/** A subscription's status as PayPal names it; the app's subscription JSON passes it on unchanged. */
export type PayPalStatus = SubscriptionStatus;

/** HATEOAS links of PayPal's replies; the `approve` one is where the buyer consents. */
const linksSchema = z.array(z.object({ href: z.string(), rel: z.string() }));
const approveLinkOf = (links: z.infer<typeof linksSchema> | undefined): string | null =>
  links?.find((link) => link.rel === 'approve')?.href ?? null;

/** The part of PayPal's subscription (`GET /v1/billing/subscriptions/{id}`) the app keeps. */
const subscriptionSchema = z.object({
  id: z.string().min(1),
  status: subscriptionStatusSchema,
  plan_id: z.string().min(1),
  custom_id: z.string().optional(),
  status_update_time: z.string().optional(),
  plan_overridden: z.boolean().optional(),
  subscriber: z.object({ email_address: z.string().optional() }).optional(),
  billing_info: z
    .object({
      next_billing_time: z.string().optional(),
      failed_payments_count: z.number().int().optional(),
      last_payment: z.object({ time: z.string() }).optional(),
      cycle_executions: z
        .array(z.object({ tenure_type: z.string(), cycles_completed: z.number().int().optional() }))
        .optional(),
    })
    .optional(),
  links: linksSchema.optional(),
});

/** A subscription as PayPal holds it, in the app's words. */
export interface PayPalSubscription {
  id: string;
  status: PayPalStatus;
  planId: string;
  customId: string | null;
  statusUpdatedAt: string | null;
  nextBillingAt: string | null;
  lastPaymentAt: string | null;
  failedPayments: number;
  approveUrl: string | null;
  /** PayPal bills a TRIAL cycle now: the plan has one and no REGULAR cycle has completed yet. */
  inTrial: boolean;
  planOverridden: boolean;
  /** The payer's PayPal e-mail, once approved. */
  payerEmail: string | null;
}

function toSubscription(body: unknown, what: string): PayPalSubscription {
  const parsed = subscriptionSchema.safeParse(body);
  if (!parsed.success)
    throw new PayPalError(`PayPal answered ${what} with a subscription the app cannot read`);
  const s = parsed.data;
  const cycles = s.billing_info?.cycle_executions ?? [];
  const regular = cycles.find((cycle) => cycle.tenure_type === 'REGULAR');
  return {
    id: s.id,
    status: s.status,
    planId: s.plan_id,
    customId: s.custom_id ?? null,
    statusUpdatedAt: s.status_update_time ?? null,
    nextBillingAt: s.billing_info?.next_billing_time ?? null,
    lastPaymentAt: s.billing_info?.last_payment?.time ?? null,
    failedPayments: s.billing_info?.failed_payments_count ?? 0,
    approveUrl: approveLinkOf(s.links),
    inTrial: cycles.some((cycle) => cycle.tenure_type === 'TRIAL') && (regular?.cycles_completed ?? 0) === 0,
    planOverridden: s.plan_overridden ?? false,
    payerEmail: s.subscriber?.email_address ?? null,
  };
}

export interface CreateSubscriptionInput {
  planId: string;
  userId: number;
  /** Where PayPal sends the subscriber back after approving or cancelling (PUBLIC_URL/pricing). */
  returnUrl: string;
  cancelUrl: string;
  brandName: string;
  /**
   * PayPal's plan override (`plan.billing_cycles`): the billing cycles the subscription runs instead of the
   * plan's; one trial per account leaves the TRIAL cycle out (DESIGN 15).
   */
  billingCycles?: BillingCycleOverride[];
}

/** A billing cycle as PayPal's plan override takes it (billing_subscriptions_v1 billing_cycle_override). */
export interface BillingCycleOverride {
  sequence: number;
  total_cycles: number;
  pricing_scheme?: { fixed_price: { value: string; currency_code: string } };
}

export interface ReviseInput {
  planId: string;
  /** Where PayPal sends the subscriber back after approving or cancelling the change. */
  returnUrl: string;
  cancelUrl: string;
  brandName: string;
}

/** A payment of a subscription as PayPal lists it (GET …/transactions). */
export interface PayPalTransaction {
  id: string;
  status: string;
  time: string;
  amount: { currency_code: string; value: string };
  payerEmail: string | null;
}

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
const transactionsSchema = z.object({
  transactions: z
    .array(
      z.object({
        id: z.string().min(1),
        status: z.string().optional(),
        time: z.string(),
        amount_with_breakdown: z.object({ gross_amount: moneySchema }),
        payer_email: z.string().optional(),
      }),
    )
    .optional(),
});

const planCyclesSchema = z.object({
  billing_cycles: z.array(
    z.object({
      tenure_type: z.string(),
      sequence: z.number().int(),
      total_cycles: z.number().int().optional(),
      pricing_scheme: z.object({ fixed_price: moneySchema.optional() }).optional(),
    }),
  ),
});

/** What PayPal's approval page shows and where it sends the buyer back, on a create and on a revise. */
function applicationContext(
  input: { brandName: string; returnUrl: string; cancelUrl: string },
  userAction: 'SUBSCRIBE_NOW' | 'CONTINUE',
) {
  return {
    brand_name: input.brandName,
    shipping_preference: 'NO_SHIPPING',
    user_action: userAction,
    return_url: input.returnUrl,
    cancel_url: input.cancelUrl,
  };
}

/** PayPal's Subscriptions API: create, read and cancel (billing_subscriptions_v1). */
export class PayPalSubscriptions {
  constructor(private readonly api: PayPalApi) {}

  async create(input: CreateSubscriptionInput): Promise<PayPalSubscription> {
    const path = '/v1/billing/subscriptions';
    const reply = await this.api.authorized('POST', path, {
      // A retried create then answers with the same subscription instead of making a second one.
      headers: { 'PayPal-Request-Id': randomUUID(), Prefer: 'return=representation' },
      body: {
        plan_id: input.planId,
        custom_id: String(input.userId),
        ...(input.billingCycles ? { plan: { billing_cycles: input.billingCycles } } : {}),
        application_context: applicationContext(input, 'SUBSCRIBE_NOW'),
      },
    });
    if (reply.status !== 201 && reply.status !== 200)
      throw new PayPalError(describeFailure('POST', path, reply), reply.status);
    const created = toSubscription(reply.body, `POST ${path}`);
    // Its id is stored and later put in paths: one of another shape is not PayPal's answer.
    if (!isPayPalSubscriptionId(created.id))
      throw new PayPalError(`PayPal answered POST ${path} with an id that is not a subscription id`);
    return created;
  }

  /** The subscription, or null when PayPal knows no subscription of that id (or it is not shaped as one). */
  async get(id: string): Promise<PayPalSubscription | null> {
    if (!isPayPalSubscriptionId(id)) return null;
    const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}`;
    const reply = await this.api.authorized('GET', path);
    if (reply.status === 404) return null;
    if (reply.status !== 200) throw new PayPalError(describeFailure('GET', path, reply), reply.status);
    return toSubscription(reply.body, `GET ${path}`);
  }

  /** Cancels; PayPal answers 422 unless the subscription is ACTIVE or SUSPENDED (a PayPalError then). */
  async cancel(id: string, reason: string): Promise<void> {
    if (!isPayPalSubscriptionId(id))
      throw new PayPalError('not a PayPal subscription id: nothing was cancelled');
    const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`;
    const reply = await this.api.authorized('POST', path, {
      headers: { 'PayPal-Request-Id': randomUUID() },
      body: { reason },
    });
    if (reply.status !== 204) throw new PayPalError(describeFailure('POST', path, reply), reply.status);
  }

  /**
   * The plan's cycles without its TRIAL ones, as a plan override takes them; null when the plan has no trial
   * (nothing to leave out, so no override).
   */
  async cyclesWithoutTrial(planId: string): Promise<BillingCycleOverride[] | null> {
    const path = `/v1/billing/plans/${encodeURIComponent(planId)}`;
    const reply = await this.api.authorized('GET', path);
    if (reply.status !== 200) throw new PayPalError(describeFailure('GET', path, reply), reply.status);
    const plan = planCyclesSchema.safeParse(reply.body);
    if (!plan.success) throw new PayPalError(`PayPal answered GET ${path} with a plan the app cannot read`);
    const cycles = plan.data.billing_cycles;
    if (!cycles.some((cycle) => cycle.tenure_type === 'TRIAL')) return null;
    return cycles
      .filter((cycle) => cycle.tenure_type === 'REGULAR')
      .map((cycle) => ({
        sequence: cycle.sequence,
        total_cycles: cycle.total_cycles ?? 0,
        ...(cycle.pricing_scheme?.fixed_price
          ? { pricing_scheme: { fixed_price: cycle.pricing_scheme.fixed_price } }
          : {}),
      }));
  }

  /** Revises the subscription to another plan: the subscriber approves the change at the approve link. */
  async revise(id: string, input: ReviseInput): Promise<{ approveUrl: string }> {
    if (!isPayPalSubscriptionId(id))
      throw new PayPalError('not a PayPal subscription id: nothing was revised');
    const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}/revise`;
    const reply = await this.api.authorized('POST', path, {
      headers: { 'PayPal-Request-Id': randomUUID() },
      body: {
        plan_id: input.planId,
        application_context: applicationContext(input, 'CONTINUE'),
      },
    });
    if (reply.status !== 200) throw new PayPalError(describeFailure('POST', path, reply), reply.status);
    const links = z.object({ links: linksSchema }).safeParse(reply.body);
    const approveUrl = links.success ? approveLinkOf(links.data.links) : null;
    if (!approveUrl) throw new PayPalError(`PayPal answered POST ${path} without an approve link`);
    return { approveUrl };
  }

  /** The subscription's payments between two times (PayPal's transactions list). */
  async transactions(id: string, { from, to }: { from: Date; to: Date }): Promise<PayPalTransaction[]> {
    if (!isPayPalSubscriptionId(id)) return [];
    const query = new URLSearchParams({ start_time: from.toISOString(), end_time: to.toISOString() });
    const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?${query}`;
    const reply = await this.api.authorized('GET', path);
    if (reply.status === 404) return [];
    if (reply.status !== 200) throw new PayPalError(describeFailure('GET', path, reply), reply.status);
    const list = transactionsSchema.safeParse(reply.body);
    if (!list.success)
      throw new PayPalError(`PayPal answered GET ${path} with transactions the app cannot read`);
    return (list.data.transactions ?? []).map((t) => ({
      id: t.id,
      status: t.status ?? 'COMPLETED',
      time: t.time,
      amount: t.amount_with_breakdown.gross_amount,
      payerEmail: t.payer_email ?? null,
    }));
  }

  /**
   * The subscription a sale paid, as PayPal says it (`GET /v1/payments/sale/{id}`, its billing_agreement_id);
   * null when PayPal knows no such sale or it paid no subscription.
   */
  async subscriptionOfSale(saleId: string): Promise<string | null> {
    if (!/^[A-Za-z0-9-]{6,40}$/.test(saleId)) return null;
    const path = `/v1/payments/sale/${encodeURIComponent(saleId)}`;
    const reply = await this.api.authorized('GET', path);
    if (reply.status === 404) return null;
    if (reply.status !== 200) throw new PayPalError(describeFailure('GET', path, reply), reply.status);
    const sale = z.object({ billing_agreement_id: z.string().optional() }).safeParse(reply.body);
    const id = sale.success ? sale.data.billing_agreement_id : undefined;
    return id && isPayPalSubscriptionId(id) ? id : null;
  }
}
