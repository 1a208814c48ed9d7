import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/helper.js';
import { DeletionRefused } from '../users/account-lifecycle.js';
import { newUser, startSubscription, subscribe, subscriptionsKit } from '../test/subscriptions-kit.js';

const start = subscriptionsKit();

describe.each(testDialects)('cancelling subscriptions before an account is deleted, on %s', (dialect) => {
  it('cancels an ACTIVE subscription at PayPal with the reason "Account deleted"', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    await kit.app.accountLifecycle.beforeDelete(user.id);
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Account deleted']);
    expect(kit.paypal.subscriptions.subscriptions.get(active.id)?.status).toBe('CANCELLED');
  });

  it('cancels a SUSPENDED one too, and leaves alone what PayPal would not cancel', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const suspended = await subscribe(kit, user);
    await kit.paypal.subscriptions.suspend(suspended.id);
    await kit.app.accountLifecycle.beforeDelete(user.id);
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Account deleted']);
    const pendingOnly = await newUser(kit.app);
    await startSubscription(kit.app, pendingOnly);
    await kit.app.accountLifecycle.beforeDelete(pendingOnly.id);
    await kit.app.accountLifecycle.beforeDelete((await newUser(kit.app)).id);
    expect(kit.paypal.subscriptions.calls.cancel).toBe(1);
  });

  it.each(['server-error', 'unreachable'] as const)(
    'refuses the deletion when PayPal fails (%s)',
    async (failure) => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      await subscribe(kit, user);
      kit.paypal.failWith(failure);
      await expect(kit.app.accountLifecycle.beforeDelete(user.id)).rejects.toBeInstanceOf(DeletionRefused);
    },
  );

  it('refuses the deletion when PayPal refuses the cancel, keeping PayPal’s answer as the cause', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    kit.paypal.webhooks.stop();
    // Expired at PayPal without the app hearing of it: PayPal answers 422 to a cancel.
    await kit.paypal.subscriptions.expire(active.id);
    await expect(kit.app.accountLifecycle.beforeDelete(user.id)).rejects.toMatchObject({
      name: 'DeletionRefused',
      cause: { status: 422 },
    });
  });
});
