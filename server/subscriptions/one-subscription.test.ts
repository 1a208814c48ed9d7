import { describe, expect, it } from 'vitest';
import type { CurrentSubscriptionReply } from '../../contract/subscriptions.js';
import { bearer } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  cancel,
  confirm,
  currentOf,
  newUser,
  postSubscription,
  rowsOf,
  startSubscription,
  subscribe,
  subscriptionsKit,
  WEBHOOK_ID,
} from '../test/subscriptions-kit.js';

const start = subscriptionsKit();
const HOUR_MS = 60 * 60_000;

const ALREADY = { error: 'already_subscribed', message: 'You already have an active subscription.' };

describe.each(testDialects)('one subscription at a time on %s', (dialect) => {
  it('answers 409 while the previous one is approved at PayPal but not yet heard of', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    const { subscription_id: id } = await startSubscription(kit.app, user);
    await kit.paypal.subscriptions.approve(id);
    const again = await postSubscription(kit.app, user, 'weekly');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual(ALREADY);
    expect(kit.paypal.subscriptions.calls.create).toBe(1);
    // Read again at PayPal on the way: the app knows now what the buyer did.
    expect(await currentOf(kit.app, user)).toMatchObject({ id, status: 'ACTIVE' });
  });

  it('takes concurrent creates of one user in turn: once the buyer approved the first, the rest are 409', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    // The buyer approves each subscription the moment PayPal made it, before the app heard anything.
    kit.paypal.subscriptions.onCreated((id) => kit.paypal.subscriptions.approve(id));
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => postSubscription(kit.app, user, 'monthly')),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(kit.paypal.subscriptions.calls.create).toBe(1);
    expect(await rowsOf(kit.app).subscriptions()).toHaveLength(1);
  });

  it('starts at most 5 subscriptions an hour for one user', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    for (let n = 0; n < 5; n += 1) await startSubscription(kit.app, user);
    const sixth = await postSubscription(kit.app, user, 'monthly');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(kit.paypal.subscriptions.calls.create).toBe(5);
    // Another user is not held back by the first.
    await startSubscription(kit.app, await newUser(kit.app));
  });

  it('refuses a new one while a suspended one is within its grace days', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    await kit.paypal.subscriptions.suspend(active.id);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'SUSPENDED', entitled: true });
    const reply = await postSubscription(kit.app, user, 'weekly');
    expect(reply.statusCode, reply.body).toBe(409);
    expect(kit.paypal.subscriptions.calls.create).toBe(1);
  });

  it('refuses a new one while a cancelled one is still paid up', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    await subscribe(kit, user);
    expect((await cancel(kit.app, user)).statusCode).toBe(200);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'CANCELLED', entitled: true });
    const reply = await postSubscription(kit.app, user, 'weekly');
    expect(reply.statusCode, reply.body).toBe(409);
    expect(kit.paypal.subscriptions.calls.create).toBe(1);
  });

  it('lists every subscription PayPal may bill, and cancels each on its own', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    // Two approval links opened before either was approved: both approved at PayPal.
    const first = await startSubscription(kit.app, user, 'monthly');
    const second = await startSubscription(kit.app, user, 'weekly');
    await kit.paypal.subscriptions.approve(first.subscription_id);
    await kit.paypal.subscriptions.approve(second.subscription_id);
    await kit.paypal.subscriptions.suspend(second.subscription_id);
    const read = async () => {
      const reply = await kit.app.inject({ url: '/api/v1/subscription', headers: bearer(user.auth_token) });
      return reply.json<CurrentSubscriptionReply>();
    };
    expect((await read()).subscriptions.map((s) => [s.id, s.status])).toEqual([
      [second.subscription_id, 'SUSPENDED'],
      [first.subscription_id, 'ACTIVE'],
    ]);
    const cancelled = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/cancel',
      headers: bearer(user.auth_token),
      payload: { subscription_id: first.subscription_id },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: first.subscription_id, status: 'CANCELLED' });
    expect((await read()).subscriptions.map((s) => [s.id, s.status])).toEqual([
      [second.subscription_id, 'SUSPENDED'],
    ]);
    const other = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/cancel',
      headers: bearer(user.auth_token),
      payload: { subscription_id: first.subscription_id },
    });
    expect(other.statusCode).toBe(404);
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Cancelled by the subscriber']);
  });

  it('cancels none of another user’s subscriptions', async () => {
    const kit = await start(dialect);
    const owner = await subscribe(kit, await newUser(kit.app));
    const other = await newUser(kit.app);
    const reply = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/cancel',
      headers: bearer(other.auth_token),
      payload: { subscription_id: owner.id },
    });
    expect(reply.statusCode).toBe(404);
    expect(kit.paypal.subscriptions.calls.cancel).toBe(0);
  });
});

describe.each(testDialects)('subscriptions this server did not create, on %s', (dialect) => {
  it('are never attached to the account their custom_id names, by webhook or by confirm', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    // Made with the client id alone (PayPal's JS SDK can), naming this user.
    const foreign = kit.paypal.subscriptions.put({
      planId: kit.app.config.paypal.plans.monthly!,
      customId: String(user.id),
      status: 'ACTIVE',
      statusNote: null,
      nextBillingTime: new Date(Date.now() + 30 * 24 * HOUR_MS).toISOString(),
      lastPaymentTime: new Date().toISOString(),
      failedPayments: 0,
      returnUrl: null,
      cancelUrl: null,
    });
    const delivery = await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', foreign.id, {
      url: kit.webhookUrl,
      webhookId: WEBHOOK_ID,
    });
    expect(delivery.status).toBe(200);
    expect((await confirm(kit.app, user, foreign.id)).statusCode).toBe(404);
    expect(await currentOf(kit.app, user)).toBeNull();
    expect(await rowsOf(kit.app).subscriptions()).toEqual([]);
  });

  it('a confirm with an id that is not shaped as PayPal’s never reaches PayPal', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    kit.paypal.resetCounts();
    for (const id of ['..', '../../v1/oauth2/token', 'I-ABC']) {
      const reply = await confirm(kit.app, user, id);
      expect(reply.statusCode).toBe(404);
    }
    expect(kit.paypal.calls.all).toEqual([]);
  });
});

describe.each(testDialects)('subscription replies on %s', (dialect) => {
  it('say Cache-Control: no-store', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const created = await postSubscription(kit.app, user, 'monthly');
    const { subscription_id } = created.json<{ subscription_id: string }>();
    await kit.paypal.subscriptions.approve(subscription_id);
    const replies = [
      created,
      await confirm(kit.app, user, subscription_id),
      await kit.app.inject({ url: '/api/v1/subscription', headers: bearer(user.auth_token) }),
      await cancel(kit.app, user),
      await cancel(kit.app, user),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 200, 200, 200, 404]);
    for (const reply of replies) expect(reply.headers['cache-control']).toBe('no-store');
  });
});
