import { describe, expect, it, vi } from 'vitest';
import { payPalEnvFor } from '../../tests/support/paypal-plans.js';
import { listen, SHARED_SQLITE_FILE } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';
import {
  currentOf,
  newUser,
  rowsOf,
  startSubscription,
  subscribe,
  subscriptionsKit,
  WEBHOOK_ID,
} from '../test/subscriptions-kit.js';
import { reconcileSubscriptions, sweepPayPalEvents } from './reconciliation.js';

const start = subscriptionsKit();
const DAY_MS = 24 * 60 * 60_000;

describe.each(testDialects)('reconciliation on %s', (dialect) => {
  it('heals a missed webhook: subscriptions not yet CANCELLED or EXPIRED are read again', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    const finished = await subscribe(kit, await newUser(kit.app));
    await kit.paypal.subscriptions.expire(finished.id);
    kit.paypal.webhooks.stop();
    await kit.paypal.subscriptions.suspend(active.id);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'ACTIVE' });
    const gets = kit.paypal.subscriptions.calls.get;
    expect(await reconcileSubscriptions(kit.app.ctx)).toEqual({ checked: 1, failed: 0 });
    expect(kit.paypal.subscriptions.calls.get).toBe(gets + 1);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'SUSPENDED', entitled: true });
  });

  it('heals SUSPENDED and pending subscriptions too, not only ACTIVE ones', async () => {
    const kit = await start(dialect);
    const suspendedUser = await newUser(kit.app);
    const suspended = await subscribe(kit, suspendedUser);
    await kit.paypal.subscriptions.suspend(suspended.id);
    const pendingUser = await newUser(kit.app);
    const pending = await startSubscription(kit.app, pendingUser);
    kit.paypal.webhooks.stop();
    await kit.paypal.subscriptions.reactivate(suspended.id);
    await kit.paypal.subscriptions.approve(pending.subscription_id);
    expect(await reconcileSubscriptions(kit.app.ctx)).toEqual({ checked: 2, failed: 0 });
    expect(await currentOf(kit.app, suspendedUser)).toMatchObject({ status: 'ACTIVE' });
    expect(await currentOf(kit.app, pendingUser)).toMatchObject({ status: 'ACTIVE', entitled: true });
  });

  it('no longer reads APPROVAL_PENDING subscriptions created more than a day ago', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    const abandoned = await startSubscription(kit.app, user);
    const recent = await startSubscription(kit.app, user);
    await kit.app.database.db
      .updateTable('subscriptions')
      .set({ created_at: new Date(Date.now() - DAY_MS - 60_000).toISOString() })
      .where('paypal_subscription_id', '=', abandoned.subscription_id)
      .execute();
    const gets = kit.paypal.subscriptions.calls.get;
    expect(await reconcileSubscriptions(kit.app.ctx)).toEqual({ checked: 1, failed: 0 });
    expect(kit.paypal.subscriptions.calls.get).toBe(gets + 1);
    expect((await rowsOf(kit.app).subscriptions()).map((row) => row.paypal_subscription_id)).toContain(
      recent.subscription_id,
    );
  });

  it('runs when an instance starts', async () => {
    const kit = await start(dialect, { env: SHARED_SQLITE_FILE });
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    kit.paypal.webhooks.stop();
    await kit.paypal.subscriptions.cancelByBuyer(active.id);
    const second = await listen(kit.app.config.databaseUrl, {
      env: { ...payPalEnvFor(kit.paypal.url), PAYPAL_WEBHOOK_ID: WEBHOOK_ID },
    });
    try {
      await vi.waitFor(async () => {
        expect((await rowsOf(kit.app).subscriptions())[0]?.status).toBe('CANCELLED');
      });
    } finally {
      await second.close();
    }
  });

  it('goes on past a subscription PayPal fails to answer for', async () => {
    const kit = await start(dialect);
    await subscribe(kit, await newUser(kit.app));
    kit.paypal.failWith('server-error');
    expect(await reconcileSubscriptions(kit.app.ctx)).toEqual({ checked: 1, failed: 1 });
  });

  it('forgets PayPal event ids after 90 days', async () => {
    const kit = await start(dialect);
    const now = Date.now();
    await kit.app.database.db
      .insertInto('paypal_events')
      .values([
        {
          id: 'WH-OLD',
          event_type: 'PAYMENT.SALE.COMPLETED',
          received_at: new Date(now - 91 * DAY_MS).toISOString(),
        },
        {
          id: 'WH-NEW',
          event_type: 'PAYMENT.SALE.COMPLETED',
          received_at: new Date(now - 89 * DAY_MS).toISOString(),
        },
      ])
      .execute();
    expect(await sweepPayPalEvents(kit.app.ctx)).toBe(1);
    expect((await rowsOf(kit.app).events()).map((event) => event.id)).toEqual(['WH-NEW']);
  });
});
