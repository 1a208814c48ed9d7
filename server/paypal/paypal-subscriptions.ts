import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { subscriptionStatusSchema, type SubscriptionStatus } from '../../contract/subscriptions.js';
import { describeFailure, PayPalError, type PayPalApi } from './paypal-api.js';
import { isPayPalSubscriptionId } from './paypal-ids.js';

/** A subscription's status as PayPal names it; the app's subscription JSON passes it on unchanged. */
export type PayPalStatus = SubscriptionStatus;

/** The part of PayPal's subscription (`GET /v1/billing/subscriptions/{id}`) the app keeps. */
const subscriptionSchema = z.object({
  id: z.string().min(1),
  status: subscriptionStatusSchema,
  plan_id: z.string().min(1),
  custom_id: z.string().optional(),
  status_update_time: z.string().optional(),
  billing_info: z
    .object({
      next_billing_time: z.string().optional(),
      failed_payments_count: z.number().int().optional(),
      last_payment: z.object({ time: z.string() }).optional(),
    })
    .optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
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
}

function toSubscription(body: unknown, what: string): PayPalSubscription {
  const parsed = subscriptionSchema.safeParse(body);
  if (!parsed.success)
    throw new PayPalError(`PayPal answered ${what} with a subscription the app cannot read`);
  const s = parsed.data;
  return {
    id: s.id,
    status: s.status,
    planId: s.plan_id,
    customId: s.custom_id ?? null,
    statusUpdatedAt: s.status_update_time ?? null,
    nextBillingAt: s.billing_info?.next_billing_time ?? null,
    lastPaymentAt: s.billing_info?.last_payment?.time ?? null,
    failedPayments: s.billing_info?.failed_payments_count ?? 0,
    approveUrl: s.links?.find((link) => link.rel === 'approve')?.href ?? null,
  };
}

export interface CreateSubscriptionInput {
  planId: string;
  userId: number;
  /** Where PayPal sends the subscriber back after approving or cancelling (PUBLIC_URL/pricing). */
  returnUrl: string;
  cancelUrl: string;
  brandName: string;
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
        application_context: {
          brand_name: input.brandName,
          shipping_preference: 'NO_SHIPPING',
          user_action: 'SUBSCRIBE_NOW',
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
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
}
