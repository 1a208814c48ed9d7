import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { WEBHOOK_MAX_AGE_DAYS } from '../paypal/webhook-verifier.js';
import { deleteEventsBefore, listFollowed } from './subscriptions.repository.js';
import { refreshFromPayPal } from './subscription-sync.js';

export const RECONCILE_INTERVAL_MS = 60 * 60_000;
/**
 * Event ids are kept as long as a delivery's transmission time is accepted (PayPal itself stops redelivering
 * after three days): a replay is refused by its age or answered as a duplicate (decision 154).
 */
export const EVENT_RETENTION_DAYS = WEBHOOK_MAX_AGE_DAYS;

/**
 * Reads every subscription PayPal may still change (listFollowed: billable ones, and pending ones for a day),
 * so a missed webhook heals; one failure stops none.
 */
export async function reconcileSubscriptions(ctx: AppContext): Promise<{ checked: number; failed: number }> {
  if (!ctx.paypal) return { checked: 0, failed: 0 };
  const open = await listFollowed(ctx.db, ctx.now());
  let failed = 0;
  for (const subscription of open) {
    try {
      await refreshFromPayPal(ctx, subscription.paypalSubscriptionId);
    } catch (error) {
      failed += 1;
      ctx.log.warn({ err: error, subscription: subscription.paypalSubscriptionId }, 'reconciliation failed');
    }
  }
  return { checked: open.length, failed };
}

export async function sweepPayPalEvents(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - EVENT_RETENTION_DAYS * 24 * 60 * 60_000);
  return deleteEventsBefore(ctx.db, before.toISOString());
}

/**
 * At start and hourly on every instance: reading PayPal again is idempotent (a lost race writes nothing),
 * so instances need not coordinate. Start does not wait for it: a slow PayPal never delays readiness.
 */
export function scheduleReconciliation(app: FastifyInstance, ctx: AppContext) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        await sweepPayPalEvents(ctx);
        const outcome = await reconcileSubscriptions(ctx);
        if (outcome.checked > 0) app.log.info(outcome, 'subscriptions reconciled with PayPal');
      } catch (error) {
        app.log.warn({ err: error }, 'subscription reconciliation failed');
      }
    });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, RECONCILE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
