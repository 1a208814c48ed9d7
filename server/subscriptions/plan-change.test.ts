import { describe, expect, it } from 'vitest';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { deliver, signWebhook } from '../../tests/support/paypal-stand-in-webhooks.js';
import { testDialects } from '../test/helper.js';
import {
  atPayPalUpdatePage,
  cancel,
  changePlanTo,
  currentOf,
  newUser,
  pushedTo,
  PUBLIC_URL,
  subscribe,
  subscriptionsKit,
  WEBHOOK_ID,
} from '../test/subscriptions-kit.js';

const start = subscriptionsKit();

describe.each(testDialects)('POST /api/v1/subscription/change on %s', (dialect) => {
  it("revises at PayPal; once the buyer approves, PayPal's UPDATED brings the new plan, pushed live", async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user, 'monthly');
    const pushed = await pushedTo(kit.app, user.id);

    const reply = await changePlanTo(kit.app, user, 'weekly');
    expect(reply.statusCode, reply.body).toBe(200);
    const { approve_url } = reply.json<{ approve_url: string }>();
    expect(approve_url.startsWith(`${kit.paypal.url}/webapps/billing/subscriptions/update?`)).toBe(true);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(kit.paypal.subscriptions.calls.reviseBodies).toEqual([
      expect.objectContaining({
        plan_id: kit.app.config.paypal.plans.weekly,
        application_context: expect.objectContaining({
          return_url: `${PUBLIC_URL}/account/billing?plan_change=approved`,
          cancel_url: `${PUBLIC_URL}/account/billing?plan_change=cancelled`,
        }),
      }),
    ]);
    // Nothing changes before PayPal says so.
    expect(await currentOf(kit.app, user)).toMatchObject({ id: active.id, plan: 'monthly' });

    const back = await atPayPalUpdatePage(approve_url, 'approve');
    expect(back.startsWith(`${PUBLIC_URL}/account/billing?plan_change=approved&`)).toBe(true);
    const updated = kit.paypal.webhooks.deliveries.find(
      (delivery) => delivery.event.event_type === 'BILLING.SUBSCRIPTION.UPDATED',
    );
    expect(updated?.status).toBe(200);
    expect(await currentOf(kit.app, user)).toMatchObject({ id: active.id, plan: 'weekly', status: 'ACTIVE' });
    expect(pushed).toEqual([
      { event: 'subscription_changed', subscription: expect.objectContaining({ plan: 'weekly' }) },
    ]);
    await kit.app.ctx.mailer.flush();
    const mail = kit.smtp.mails.find(
      (m) => m.to.includes(user.email) && m.subject === 'Your BullApp plan is now Weekly',
    );
    expect(mail?.text).toContain('Its price starts with the next payment');
  });

  it('changes nothing when the buyer cancels at PayPal’s page', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    await subscribe(kit, user, 'monthly');
    const pushed = await pushedTo(kit.app, user.id);
    const reply = await changePlanTo(kit.app, user, 'two_day');
    expect(reply.statusCode, reply.body).toBe(200);
    const back = await atPayPalUpdatePage(reply.json<{ approve_url: string }>().approve_url, 'cancel');
    expect(back.startsWith(`${PUBLIC_URL}/account/billing?plan_change=cancelled&`)).toBe(true);
    expect(await currentOf(kit.app, user)).toMatchObject({ plan: 'monthly', status: 'ACTIVE' });
    expect(pushed).toEqual([]);
    expect(
      kit.paypal.webhooks.deliveries.some((d) => d.event.event_type === 'BILLING.SUBSCRIPTION.UPDATED'),
    ).toBe(false);
    await kit.app.ctx.mailer.flush();
    expect(kit.smtp.mails.filter((m) => m.subject.startsWith('Your BullApp plan is now'))).toEqual([]);
  });

  it('answers 503 and changes nothing while PayPal is down, and works once it is back', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    await subscribe(kit, user, 'monthly');
    for (const failure of ['server-error', 'unreachable'] as const) {
      kit.paypal.failWith(failure);
      const reply = await changePlanTo(kit.app, user, 'weekly');
      expect(reply.statusCode, reply.body).toBe(503);
      expect(reply.json()).toEqual({
        error: 'payments_unavailable',
        message: ERROR_VARIANTS.planChangeUnavailable,
      });
    }
    kit.paypal.failWith(null);
    expect(await currentOf(kit.app, user)).toMatchObject({ plan: 'monthly', status: 'ACTIVE' });
    expect(kit.paypal.subscriptions.calls.reviseBodies).toEqual([]);
    expect((await changePlanTo(kit.app, user, 'weekly')).statusCode).toBe(200);
  });

  it('answers 409 same_plan for the plan the subscription has', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    await subscribe(kit, user, 'weekly');
    const reply = await changePlanTo(kit.app, user, 'weekly');
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({
      error: 'same_plan',
      message: 'You are on this plan already. Choose another plan to change to.',
    });
    expect(kit.paypal.subscriptions.calls.revise).toBe(0);
  });

  it('answers 404 subscription_not_found without an ACTIVE subscription, and 400 for a plan not sold', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const none = await changePlanTo(kit.app, user, 'weekly');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      error: 'subscription_not_found',
      message: ERROR_VARIANTS.noSubscriptionToChange,
    });
    await subscribe(kit, user, 'monthly');
    expect((await cancel(kit.app, user)).statusCode).toBe(200);
    expect((await changePlanTo(kit.app, user, 'weekly')).statusCode).toBe(404);
    const unsold = await changePlanTo(kit.app, user, 'yearly');
    expect(unsold.statusCode).toBe(400);
    expect(unsold.json()).toMatchObject({ error: 'invalid_request' });
    expect(kit.paypal.subscriptions.calls.revise).toBe(0);
  });

  it('answers 401 without a Bearer token', async () => {
    const kit = await start(dialect);
    const reply = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/change',
      payload: { plan: 'weekly' },
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe.each(testDialects)('BILLING.SUBSCRIPTION.UPDATED on %s', (dialect) => {
  it('takes the plan from a fresh read at PayPal, never from the body', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user, 'monthly');
    const body = kit.paypal.subscriptions.body(kit.paypal.subscriptions.subscriptions.get(active.id)!);
    const forged = {
      id: 'WH-FORGED-UPDATED-1',
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'subscription',
      resource_version: '2.0',
      event_type: 'BILLING.SUBSCRIPTION.UPDATED',
      summary: 'Subscription updated',
      resource: { ...body, plan_id: kit.app.config.paypal.plans.weekly },
      links: [],
    };
    const signed = signWebhook(JSON.stringify(forged), {
      webhookId: WEBHOOK_ID,
      certUrl: kit.paypal.webhooks.certUrl,
    });
    expect((await deliver(kit.webhookUrl, signed)).status).toBe(200);
    expect(await currentOf(kit.app, user)).toMatchObject({ plan: 'monthly' });
  });
});

describe.each(testDialects)('plan changes begun at PayPal, on %s', (dialect) => {
  it('are limited per account: 429 once past the limit, and PayPal is not asked', async () => {
    const kit = await start(dialect, {
      rateLimits: { settings: { planChangesPerUser: { limit: 1, windowMs: 60_000 } } },
    });
    const user = await newUser(kit.app);
    await subscribe(kit, user, 'monthly');
    expect((await changePlanTo(kit.app, user, 'weekly')).statusCode).toBe(200);
    const refused = await changePlanTo(kit.app, user, 'two_day');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    expect(kit.paypal.subscriptions.calls.revise).toBe(1);
  });
});
