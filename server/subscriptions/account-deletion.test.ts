import { describe, expect, it } from 'vitest';
import { DELETION_REFUSALS, type User } from '../../contract/users.js';
import { meStatus, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import { newUser, rowsOf, subscribe, subscriptionsKit, type Kit } from '../test/subscriptions-kit.js';

const start = subscriptionsKit();

/** The reply when PayPal could not cancel: the support path, and the reason in words. */
const paypalRefusal = (supportEmail: string) => ({
  success: false,
  email: supportEmail,
  reason: 'subscription_not_cancelled',
  message: DELETION_REFUSALS.subscription_not_cancelled,
});

const deleteAccount = (kit: Kit, user: User) =>
  kit.app.inject({
    method: 'POST',
    url: '/api/v1/delete_user_with_token',
    payload: { email: user.email, password: STRONG_PASSWORD },
  });

describe.each(testDialects)('deleting an account with a subscription, on %s', (dialect) => {
  it('cancels the subscription at PayPal ("Account deleted") first, then deletes the account', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);

    const reply = await deleteAccount(kit, user);
    expect(reply.json()).toEqual({ success: true, email: '' });
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Account deleted']);
    expect(kit.paypal.subscriptions.subscriptions.get(active.id)?.status).toBe('CANCELLED');
    expect(await meStatus(kit.app, user.auth_token)).toBe(401);
    expect(await rowsOf(kit.app).subscriptions()).toEqual([]);
  });

  it('deletes an account whose subscription is already cancelled without asking PayPal again', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    await kit.paypal.subscriptions.cancelByBuyer(active.id);
    await expect.poll(async () => (await rowsOf(kit.app).subscriptions())[0]?.status).toBe('CANCELLED');

    expect((await deleteAccount(kit, user)).json()).toEqual({ success: true, email: '' });
    expect(kit.paypal.subscriptions.calls.cancel).toBe(0);
  });

  it.each(['unreachable', 'server-error'] as const)(
    'keeps the account and answers the support path, saying PayPal could not cancel, when PayPal is down (%s)',
    async (failure) => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      await subscribe(kit, user);
      kit.paypal.failWith(failure);

      const reply = await deleteAccount(kit, user);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual(paypalRefusal(kit.app.config.supportEmail));
      expect(await meStatus(kit.app, user.auth_token)).toBe(200);
      expect(await rowsOf(kit.app).subscriptions()).toHaveLength(1);
    },
  );

  it('keeps the account and answers the support path, saying PayPal could not cancel, when PayPal refuses the cancel', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    kit.paypal.webhooks.stop();
    // Expired at PayPal without the app hearing of it: PayPal answers 422 to the cancel.
    await kit.paypal.subscriptions.expire(active.id);

    const reply = await deleteAccount(kit, user);
    expect(reply.json()).toEqual(paypalRefusal(kit.app.config.supportEmail));
    expect(kit.paypal.subscriptions.calls.cancel).toBe(1);
    expect(await meStatus(kit.app, user.auth_token)).toBe(200);
  });
});
