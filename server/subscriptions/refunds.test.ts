import { describe, expect, it } from 'vitest';
import { saleResource } from '../../tests/support/paypal-stand-in-ledger.js';
import { testDialects } from '../test/helper.js';
import {
  currentOf,
  newUser,
  pushedTo,
  rowsOf,
  startSubscription,
  confirm,
  subscribe,
  subscriptionsKit,
  transactionsOf,
  WEBHOOK_ID,
  type Kit,
} from '../test/subscriptions-kit.js';
import type { User } from '../../contract/users.js';

const start = subscriptionsKit();
const ENDED = 'Your BullApp subscription has ended';

const mailsTo = async (kit: Kit, user: User, subject: string) => {
  await kit.app.ctx.mailer.flush();
  return kit.smtp.mails.filter((mail) => mail.to.includes(user.email) && mail.subject === subject);
};

const statusesOf = async (kit: Kit, user: User) =>
  (await transactionsOf(kit.app, user))
    .json<{ transactions: { status: string }[] }>()
    .transactions.map((t) => t.status);

describe.each(testDialects)('PAYMENT.SALE.REFUNDED and .REVERSED on %s', (dialect) => {
  for (const [kind, reason, words] of [
    ['refund', 'Payment refunded', 'was refunded in full'],
    ['reverse', 'Payment reversed', 'was reversed at PayPal'],
  ] as const) {
    it(`a full ${kind} ends access at once, cancels at PayPal ("${reason}"), mails and pushes`, async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      const active = await subscribe(kit, user, 'two_day');
      const pushed = await pushedTo(kit.app, user.id);
      const before = Date.now();
      await kit.paypal.subscriptions[kind](active.id);
      const given = kit.paypal.webhooks.deliveries.at(-1)!;
      expect(given.event.event_type).toBe(
        kind === 'refund' ? 'PAYMENT.SALE.REFUNDED' : 'PAYMENT.SALE.REVERSED',
      );
      expect(given.status, given.body).toBe(200);

      const now = await currentOf(kit.app, user);
      expect(now).toMatchObject({ id: active.id, status: 'CANCELLED', entitled: false });
      expect(Date.parse(now!.access_until!)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(now!.access_until!)).toBeLessThanOrEqual(Date.now());
      expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual([reason]);
      expect(pushed[0]).toMatchObject({
        event: 'subscription_changed',
        subscription: { entitled: false, status: 'ACTIVE' },
      });
      expect(pushed.at(-1)).toMatchObject({
        event: 'subscription_changed',
        subscription: { entitled: false, status: 'CANCELLED' },
      });
      const ended = await mailsTo(kit, user, ENDED);
      expect(ended).toHaveLength(1);
      expect(ended[0]!.text).toContain(words);
      // The cancel that follows the refund sends no "you keep access until…" mail.
      expect(await mailsTo(kit, user, 'Your BullApp subscription was cancelled')).toEqual([]);
      expect(await statusesOf(kit, user)).toEqual(['REFUNDED']);

      // PayPal's redelivery, and the same event replayed: nothing more happens.
      const cancels = kit.paypal.subscriptions.calls.cancel;
      expect((await kit.paypal.webhooks.resend(given)).status).toBe(200);
      expect(kit.paypal.subscriptions.calls.cancel).toBe(cancels);
      expect(await mailsTo(kit, user, ENDED)).toHaveLength(1);
      expect(await currentOf(kit.app, user)).toEqual(now);
    });

    it(`a partial ${kind} changes nothing but shows in the history`, async () => {
      const kit = await start(dialect);
      const user = await newUser(kit.app);
      const active = await subscribe(kit, user, 'two_day');
      const pushed = await pushedTo(kit.app, user.id);
      await kit.paypal.subscriptions[kind](active.id, { amount: '0.50' });
      expect(kit.paypal.webhooks.deliveries.at(-1)!.status).toBe(200);
      expect(await currentOf(kit.app, user)).toEqual(active);
      expect(kit.paypal.subscriptions.calls.cancel).toBe(0);
      expect(pushed).toEqual([]);
      expect(await mailsTo(kit, user, ENDED)).toEqual([]);
      expect(await statusesOf(kit, user)).toEqual(['PARTIALLY_REFUNDED']);

      // The rest given back later: now it is a full refund.
      await kit.paypal.subscriptions[kind](active.id);
      expect(await currentOf(kit.app, user)).toMatchObject({ status: 'CANCELLED', entitled: false });
      expect(await statusesOf(kit, user)).toEqual(['REFUNDED']);
    });
  }

  it('is safe reordered: a refund before its sale asks PayPal which subscription, and late events move nothing back', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    const { subscription_id: id } = await startSubscription(kit.app, user, 'two_day');
    const approved = await kit.paypal.subscriptions.approve(id);
    expect((await confirm(kit.app, user, id)).statusCode).toBe(200);
    const sale = approved.ledger[0]!;
    const { resource } = await kit.paypal.subscriptions.refund(id);
    const to = { url: kit.webhookUrl, webhookId: WEBHOOK_ID };

    // The refund names only its sale, which this server has not heard of yet: PayPal's sale names the subscription.
    const early = await kit.paypal.webhooks.send('PAYMENT.SALE.REFUNDED', id, { ...to, resource });
    expect(early.status, early.body).toBe(200);
    expect(kit.paypal.calls.all).toContain(`GET /v1/payments/sale/${sale.id}`);
    const ended = await currentOf(kit.app, user);
    expect(ended).toMatchObject({ status: 'CANCELLED', entitled: false });

    // Its sale, an ACTIVATED that arrives late, and the refund once more: still ended, mailed once.
    const completed = await kit.paypal.webhooks.send('PAYMENT.SALE.COMPLETED', id, {
      ...to,
      resource: saleResource(sale, approved),
    });
    expect(completed.status).toBe(200);
    expect((await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', id, to)).status).toBe(200);
    expect((await kit.paypal.webhooks.resend(early, to)).status).toBe(200);
    expect((await kit.paypal.webhooks.resend(completed, to)).status).toBe(200);
    expect(await currentOf(kit.app, user)).toEqual(ended);
    expect(await mailsTo(kit, user, ENDED)).toHaveLength(1);
    expect(kit.paypal.subscriptions.calls.cancel).toBe(1);
    expect((await rowsOf(kit.app).events()).map((e) => e.event_type).sort()).toEqual([
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'PAYMENT.SALE.REFUNDED',
    ]);
  });

  it("ignores a refund of a sale PayPal ties to no subscription of this server's", async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user, 'two_day');
    const unknown = {
      id: 'R-9XK1LQ2M3N4P5',
      state: 'completed',
      sale_id: '0AB12345CD678901E',
      amount: { total: '1.90', currency: 'EUR' },
    };
    const delivery = await kit.paypal.webhooks.send('PAYMENT.SALE.REFUNDED', active.id, {
      url: kit.webhookUrl,
      webhookId: WEBHOOK_ID,
      resource: unknown,
    });
    expect(delivery.status).toBe(200);
    expect(await currentOf(kit.app, user)).toEqual(active);
  });

  it('refuses an unsigned refund and answers 503 (PayPal retries) while PayPal cannot be read', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user, 'two_day');
    const { resource } = await kit.paypal.subscriptions.refund(active.id);
    const unsigned = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/paypal/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'WH-UNSIGNED', event_type: 'PAYMENT.SALE.REFUNDED', resource }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ error: 'invalid_signature' });

    const to = {
      url: kit.webhookUrl,
      webhookId: WEBHOOK_ID,
      resource: { ...resource, billing_agreement_id: active.id },
    };
    kit.paypal.failWith('server-error');
    const down = await kit.paypal.webhooks.send('PAYMENT.SALE.REFUNDED', active.id, to);
    expect(down.status).toBe(503);
    kit.paypal.failWith(null);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'ACTIVE', entitled: true });
    expect((await kit.paypal.webhooks.resend(down, to)).status).toBe(200);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'CANCELLED', entitled: false });
  });

  it("works the same from the stand-in's controls over HTTP, as a browser test drives them", async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user, 'two_day');
    const control = async (name: string, body: object = {}) => {
      const reply = await fetch(`${kit.paypal.url}/stand-in/subscriptions/${active.id}/${name}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(reply.status).toBe(200);
      return (await reply.json()) as { id: string; sale_id?: string };
    };
    const renewal = await control('pay-renewal');
    expect(renewal.sale_id).toMatch(/^[A-Z0-9]{17}$/);
    await control('refund', { sale_id: renewal.sale_id, amount: '0.50' });
    expect(await statusesOf(kit, user)).toEqual(['PARTIALLY_REFUNDED', 'COMPLETED']);
    await control('reverse', { sale_id: renewal.sale_id });
    expect(await statusesOf(kit, user)).toEqual(['REFUNDED', 'COMPLETED']);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'CANCELLED', entitled: false });
  });
});
