import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/helper.js';
import { newUser, startSubscription, subscribe, subscriptionsKit } from '../test/subscriptions-kit.js';

const start = subscriptionsKit();

describe.each(testDialects)('cancelling subscriptions before an account is deleted, on %s', (dialect) => {
  it('cancels an ACTIVE subscription at PayPal with the reason "Account deleted"', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    await kit.app.cancelSubscriptionsForDeletion(user.id);
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Account deleted']);
    expect(kit.paypal.subscriptions.subscriptions.get(active.id)?.status).toBe('CANCELLED');
  });

  it('cancels a SUSPENDED one too, and leaves alone what PayPal would not cancel', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const suspended = await subscribe(kit, user);
    await kit.paypal.subscriptions.suspend(suspended.id);
    await kit.app.cancelSubscriptionsForDeletion(user.id);
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Account deleted']);
    const pendingOnly = await newUser(kit.app);
    await startSubscription(kit.app, pendingOnly);
    await kit.app.cancelSubscriptionsForDeletion(pendingOnly.id);
    await kit.app.cancelSubscriptionsForDeletion((await newUser(kit.app)).id);
    expect(kit.paypal.subscriptions.calls.cancel).toBe(1);
  });

  it.each(['server-error', 'unreachable'] as const)('throws when PayPal fails (%s)', async (failure) => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    await subscribe(kit, user);
    kit.paypal.failWith(failure);
    await expect(kit.app.cancelSubscriptionsForDeletion(user.id)).rejects.toThrow();
  });

  it('throws when PayPal refuses the cancel', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    kit.paypal.webhooks.stop();
    // Expired at PayPal without the app hearing of it: PayPal answers 422 to a cancel.
    await kit.paypal.subscriptions.expire(active.id);
    await expect(kit.app.cancelSubscriptionsForDeletion(user.id)).rejects.toMatchObject({ status: 422 });
  });
});
