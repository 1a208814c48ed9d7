import { z } from 'zod';
import { WebhookSignatureError } from '../paypal/webhook-certificates.js';
import { isPayPalSubscriptionId } from '../paypal/paypal-ids.js';
import { webhookHeadersOf } from '../paypal/webhook-verifier.js';
import {
  invalidSignature,
  notAPayPalEvent,
  paymentsUnavailable,
  webhooksNotConfigured,
} from '../http/errors.js';
import type { AppContext } from '../app-context.js';
import { forgetEvent, recordEvent } from './subscriptions.repository.js';
import { refreshFromPayPal } from './subscription-sync.js';
import { saleCompleted, saleGivenBack, type SaleFacts } from './sales.js';

/** The events that say something happened to a subscription; others are recorded and ignored. */
export const SUBSCRIPTION_EVENTS = new Set([
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'PAYMENT.SALE.COMPLETED',
]);

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  resource: z
    .object({
      id: z.string().optional(),
      billing_agreement_id: z.string().optional(),
      sale_id: z.string().optional(),
      create_time: z.string().optional(),
      amount: z.object({ total: z.string(), currency: z.string() }).optional().catch(undefined),
    })
    .passthrough()
    .optional(),
});

/** A payment given back (DESIGN 15): in full it ends access, in part it only shows in the history. */
export const GIVEN_BACK_EVENTS = new Set(['PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED']);
/** PayPal's sale and refund ids: letters and digits (17 in PayPal's own). */
const SALE_ID = /^[A-Za-z0-9-]{6,40}$/;
type WebhookEvent = z.infer<typeof eventSchema>;

/** The subscription an event is about: a sale names it in billing_agreement_id. */
function subscriptionIdOf(event: WebhookEvent): string | null {
  if (!SUBSCRIPTION_EVENTS.has(event.event_type) && !GIVEN_BACK_EVENTS.has(event.event_type)) return null;
  const id = event.event_type.startsWith('PAYMENT.SALE.')
    ? event.resource?.billing_agreement_id
    : event.resource?.id;
  return id && isPayPalSubscriptionId(id) ? id : null;
}

/** The sale a PAYMENT.SALE.* event is about: the sale itself, or the one a refund or reversal gives back. */
function saleOf(event: WebhookEvent): SaleFacts | null {
  const id = event.event_type === 'PAYMENT.SALE.COMPLETED' ? event.resource?.id : event.resource?.sale_id;
  if (!id || !SALE_ID.test(id)) return null;
  const amount = event.resource?.amount;
  return {
    saleId: id,
    amount: amount ? { value: amount.total, currency: amount.currency } : null,
    time: event.resource?.create_time ?? null,
  };
}

/** Handles a recorded event; false when it is about nothing this server follows. */
async function handle(ctx: AppContext, event: WebhookEvent): Promise<boolean> {
  const subscriptionId = subscriptionIdOf(event);
  if (GIVEN_BACK_EVENTS.has(event.event_type)) {
    const sale = saleOf(event);
    if (!sale) return false;
    await saleGivenBack(ctx, {
      saleId: sale.saleId,
      subscriptionId,
      reversed: event.event_type === 'PAYMENT.SALE.REVERSED',
    });
    return true;
  }
  if (!subscriptionId) return false;
  await refreshFromPayPal(ctx, subscriptionId);
  const sale = event.event_type === 'PAYMENT.SALE.COMPLETED' ? saleOf(event) : null;
  if (sale) await saleCompleted(ctx, { subscriptionId, sale });
  return true;
}

/**
 * PayPal's webhook call: verified, recorded once by event id, and handled by reading the subscription
 * fresh from PayPal (never by trusting the body), so late or reordered events cannot move it backwards.
 */
export async function receiveWebhook(
  ctx: AppContext,
  { headers, rawBody }: { headers: Record<string, unknown>; rawBody: Buffer },
): Promise<void> {
  if (!ctx.webhooks) throw webhooksNotConfigured();
  const signed = webhookHeadersOf(headers);
  if (!signed) throw invalidSignature();
  try {
    await ctx.webhooks.verify(signed, rawBody);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    ctx.log.warn({ reason: error.message }, 'PayPal webhook refused');
    // Before the signature holds, nothing in the body is PayPal's word: no event type as a label.
    ctx.metrics.webhook('unverified', 'refused');
    throw invalidSignature();
  }
  let event: WebhookEvent;
  try {
    event = eventSchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw notAPayPalEvent();
  }
  const recorded = await recordEvent(ctx.db, {
    id: event.id,
    eventType: event.event_type,
    at: ctx.now().toISOString(),
    transmissionId: signed.transmissionId,
  });
  if (recorded === 'reused') {
    ctx.log.warn('PayPal webhook refused: its transmission already brought another event');
    ctx.metrics.webhook('unverified', 'refused');
    throw invalidSignature();
  }
  const eventType = /^[A-Z0-9._]{1,64}$/.test(event.event_type) ? event.event_type : 'other';
  if (recorded === 'duplicate') {
    ctx.metrics.webhook(eventType, 'duplicate');
    return;
  }
  try {
    if (!(await handle(ctx, event))) {
      ctx.metrics.webhook(eventType, 'ignored');
      return;
    }
  } catch (error) {
    // Not handled: forget it, so that PayPal's redelivery (it retries on any non-2xx) is handled.
    await forgetEvent(ctx.db, event.id);
    ctx.log.warn({ err: error, event: event.event_type }, 'PayPal webhook could not be handled');
    ctx.metrics.webhook(eventType, 'failed');
    throw paymentsUnavailable();
  }
  ctx.metrics.webhook(eventType, 'handled');
}
