import { describe, expect, it } from 'vitest';
import { euroPlans } from '../../tests/support/paypal-plans.js';
import { bearer, signUpUser } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  cancel,
  confirm,
  currentOf,
  newUser,
  postSubscription,
  pushedTo,
  rowsOf,
  startSubscription,
  subscribe,
  subscriptionsKit,
} from '../test/subscriptions-kit.js';

const start = subscriptionsKit();
const [monthlyPlan] = euroPlans;

describe.each(testDialects)('subscriptions on %s', (dialect) => {
  describe('POST /api/v1/subscriptions', () => {
    it('creates the subscription at PayPal for this user and plan, and answers its approve link', async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      const created = await startSubscription(kit.app, user, 'monthly');
      expect(created.subscription_id).toMatch(/^I-/);
      expect(created.approve_url).toContain(`subscription_id=${created.subscription_id}`);
      expect(kit.paypal.subscriptions.calls.createBodies).toEqual([
        {
          plan_id: monthlyPlan!.id,
          custom_id: String(user.id),
          application_context: expect.objectContaining({
            shipping_preference: 'NO_SHIPPING',
            return_url: 'http://app.test/pricing',
            cancel_url: 'http://app.test/pricing',
          }) as unknown,
        },
      ]);
      expect(kit.paypal.subscriptions.calls.requestIds).toHaveLength(1);
      expect(await currentOf(kit.app, user)).toEqual({
        id: created.subscription_id,
        plan: 'monthly',
        status: 'APPROVAL_PENDING',
        entitled: false,
        next_billing_at: null,
        access_until: null,
        payment_failed: false,
        fix_payment_url: null,
        trial_ends_at: null,
      });
    });

    it('answers 409 already_subscribed when the user is entitled', async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      await subscribe(kit, user);
      const reply = await postSubscription(kit.app, user, 'weekly');
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({
        error: 'already_subscribed',
        message: 'You already have an active subscription.',
      });
    });

    it.each(['server-error', 'unreachable'] as const)(
      'answers 503 payments_unavailable when PayPal fails (%s), storing nothing',
      async (failure) => {
        const kit = await start(dialect);
        const user = await newUser(kit.app);
        kit.paypal.failWith(failure);
        const reply = await postSubscription(kit.app, user, 'monthly');
        expect(reply.statusCode).toBe(503);
        expect(reply.json()).toMatchObject({ error: 'payments_unavailable' });
        expect(await rowsOf(kit.app).subscriptions()).toEqual([]);
      },
    );

    it('answers 503 payments_unavailable when PayPal is not configured', async () => {
      const kit = await start(dialect, { env: { PAYPAL_CLIENT_SECRET: '' } });
      const user = await newUser(kit.app);
      const reply = await postSubscription(kit.app, user, 'two_day');
      expect(reply.statusCode).toBe(503);
      expect(kit.paypal.subscriptions.calls.create).toBe(0);
    });

    it('answers 403 email_not_verified for an unconfirmed address, before any call to PayPal (DESIGN 13)', async () => {
      const kit = await start(dialect);
      const user = await signUpUser(kit.app, { email: 'unconfirmed@example.com' });
      const calls = kit.paypal.subscriptions.calls.create;
      const reply = await postSubscription(kit.app, user, 'monthly');
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({
        error: 'email_not_verified',
        message:
          'Please confirm your e-mail address before you subscribe. We sent you a code when you signed up; you can ask for a new one.',
      });
      expect(kit.paypal.subscriptions.calls.create).toBe(calls);
      expect(kit.paypal.subscriptions.calls.requestIds).toHaveLength(0);
      expect(await rowsOf(kit.app).subscriptions()).toEqual([]);
      // Once confirmed with the mailed code, the same call goes through.
      const mail = await kit.smtp.waitForMail(user.email, { confirmation: true });
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const confirmed = await kit.app.inject({
        method: 'POST',
        url: '/api/v1/email_verification/confirm',
        headers: bearer(user.auth_token),
        payload: { code },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await postSubscription(kit.app, user, 'monthly')).statusCode).toBe(201);
    });

    it('answers 400 for a plan that is not sold and 401 without a token', async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      const bad = await postSubscription(kit.app, user, 'yearly');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'invalid_request' });
      const anonymous = await kit.app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions',
        payload: { plan: 'monthly' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/subscriptions/confirm', () => {
    it('answers the subscription read fresh from PayPal, mails, pushes, and /me carries it', async () => {
      const kit = await start(dialect, { webhooks: false });
      const user = await newUser(kit.app);
      const { subscription_id } = await startSubscription(kit.app, user);
      const pushed = await pushedTo(kit.app, user.id);
      const approved = await kit.paypal.subscriptions.approve(subscription_id);
      const gets = kit.paypal.subscriptions.calls.get;
      const reply = await confirm(kit.app, user, subscription_id);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(kit.paypal.subscriptions.calls.get).toBe(gets + 1);
      const expected = {
        id: subscription_id,
        plan: 'monthly',
        status: 'ACTIVE',
        entitled: true,
        next_billing_at: approved.nextBillingTime,
        access_until: null,
        payment_failed: false,
        fix_payment_url: null,
        // The monthly plan's free trial: PayPal bills first when it ends.
        trial_ends_at: approved.nextBillingTime,
      };
      expect(reply.json()).toEqual(expected);
      expect(pushed).toEqual([{ event: 'subscription_changed', subscription: expected }]);
      const me = await kit.app.inject({ url: '/api/v1/me', headers: bearer(user.auth_token) });
      expect(me.json()).toMatchObject({ id: user.id, email: user.email, subscription: expected });
      const mail = await kit.smtp.waitForMail(user.email);
      expect(mail.subject).toBe('Your BullApp subscription is active');
      expect(mail.text).toContain('Thank you! Your BullApp subscription is active.');
    });

    it("answers 404 subscription_not_found for another user's subscription, changing nothing", async () => {
      const kit = await start(dialect, { webhooks: false });
      const owner = await newUser(kit.app);
      const other = await newUser(kit.app);
      const { subscription_id } = await startSubscription(kit.app, owner);
      await kit.paypal.subscriptions.approve(subscription_id);
      const before = await rowsOf(kit.app).subscriptions();
      const reply = await confirm(kit.app, other, subscription_id);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        error: 'subscription_not_found',
        message: 'No such subscription was found for your account.',
      });
      expect(await rowsOf(kit.app).subscriptions()).toEqual(before);
      expect(await currentOf(kit.app, other)).toBeNull();
      const unknown = await confirm(kit.app, other, 'I-UNKNOWN0000');
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 503 when PayPal cannot be reached', async () => {
      const kit = await start(dialect, { webhooks: false });
      const user = await newUser(kit.app);
      const { subscription_id } = await startSubscription(kit.app, user);
      kit.paypal.failWith('unreachable');
      expect((await confirm(kit.app, user, subscription_id)).statusCode).toBe(503);
    });
  });

  describe('GET /api/v1/subscription', () => {
    it('answers null for a user who never subscribed, and /me too', async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      expect(await currentOf(kit.app, user)).toBeNull();
      const me = await kit.app.inject({ url: '/api/v1/me', headers: bearer(user.auth_token) });
      expect(me.json()).toMatchObject({ subscription: null });
    });

    it('answers the entitled one while SUSPENDED within the grace days; after them a new one may start', async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      const active = await subscribe(kit, user);
      await kit.paypal.subscriptions.failPayment(active.id);
      await kit.paypal.subscriptions.suspend(active.id);
      // Suspended but within the grace days: still entitled, so a new subscription is refused…
      const suspended = await currentOf(kit.app, user);
      expect(suspended?.entitled).toBe(true);
      // …and the reply says until when: PAYPAL_GRACE_DAYS (7) after PayPal suspended it.
      const row = await kit.app.database.db
        .selectFrom('subscriptions')
        .select('status_changed_at')
        .executeTakeFirstOrThrow();
      expect(suspended?.access_until).toBe(
        new Date(Date.parse(row.status_changed_at) + 7 * 24 * 60 * 60_000).toISOString(),
      );
      await kit.app.database.db
        .updateTable('subscriptions')
        .set({ status_changed_at: '2000-01-01T00:00:00.000Z' })
        .execute();
      // …and once they are over, a new one may start; until it is approved the old one is still "latest".
      const pending = await startSubscription(kit.app, user, 'weekly');
      const current = await currentOf(kit.app, user);
      expect(current).toMatchObject({ id: pending.subscription_id, status: 'APPROVAL_PENDING' });
    });
  });

  describe('POST /api/v1/subscription/cancel', () => {
    it('cancels at PayPal and keeps access until the end of the period paid; mails the date', async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      const active = await subscribe(kit, user);
      const pushed = await pushedTo(kit.app, user.id);
      const reply = await cancel(kit.app, user);
      expect(reply.statusCode, reply.body).toBe(200);
      const expected = {
        id: active.id,
        plan: 'monthly',
        status: 'CANCELLED',
        entitled: true,
        next_billing_at: null,
        access_until: active.next_billing_at,
        payment_failed: false,
        fix_payment_url: null,
        trial_ends_at: null,
      };
      expect(reply.json()).toEqual(expected);
      expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Cancelled by the subscriber']);
      expect(pushed).toEqual([{ event: 'subscription_changed', subscription: expected }]);
      const mail = await kit.smtp.waitForMail(user.email, { since: 1 });
      expect(mail.subject).toBe('Your BullApp subscription was cancelled');
      const day = new Date(active.next_billing_at!).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(mail.text).toContain(`You keep access until ${day}`);
    });

    it('answers 404 subscription_not_found when none is ACTIVE or SUSPENDED', async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      expect((await cancel(kit.app, user)).statusCode).toBe(404);
      await startSubscription(kit.app, user);
      const reply = await cancel(kit.app, user);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ error: 'subscription_not_found' });
      expect(kit.paypal.subscriptions.calls.cancel).toBe(0);
    });

    it('answers 503 when PayPal fails, and nothing changes', async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      const active = await subscribe(kit, user);
      const before = await rowsOf(kit.app).subscriptions();
      kit.paypal.failWith('server-error');
      const reply = await cancel(kit.app, user);
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toMatchObject({ error: 'payments_unavailable' });
      expect(await rowsOf(kit.app).subscriptions()).toEqual(before);
      kit.paypal.failWith(null);
      expect(kit.paypal.subscriptions.subscriptions.get(active.id)?.status).toBe('ACTIVE');
    });
  });
});
