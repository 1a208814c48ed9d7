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
    .object({ id: z.string().optional(), billing_agreement_id: z.string().optional() })
    .passthrough()
    .optional(),
});
type WebhookEvent = z.infer<typeof eventSchema>;

/** The subscription an event is about: a sale names it in billing_agreement_id. */
function subscriptionIdOf(event: WebhookEvent): string | null {
  if (!SUBSCRIPTION_EVENTS.has(event.event_type)) return null;
  const id =
    event.event_type === 'PAYMENT.SALE.COMPLETED' ? event.resource?.billing_agreement_id : event.resource?.id;
  return id && isPayPalSubscriptionId(id) ? id : null;
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
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) {
    ctx.metrics.webhook(eventType, 'ignored');
    return;
  }
  try {
    await refreshFromPayPal(ctx, subscriptionId);
  } catch (error) {
    // Not handled: forget it, so that PayPal's redelivery (it retries on any non-2xx) is handled.
    await forgetEvent(ctx.db, event.id);
    ctx.log.warn({ err: error, event: event.event_type }, 'PayPal webhook could not be handled');
    ctx.metrics.webhook(eventType, 'failed');
    throw paymentsUnavailable();
  }
  ctx.metrics.webhook(eventType, 'handled');
}
