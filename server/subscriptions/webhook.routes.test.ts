import { describe, expect, it } from 'vitest';
import { signWebhook, deliver } from '../../tests/support/paypal-stand-in-webhooks.js';
import { bearer } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  currentOf,
  newUser,
  rowsOf,
  startSubscription,
  subscribe,
  subscriptionsKit,
  WEBHOOK_ID,
  type Kit,
} from '../test/subscriptions-kit.js';

const start = subscriptionsKit();

/** A subscription approved at PayPal while the app heard nothing (the stand-in delivers no webhooks). */
async function approvedUnheard(kit: Kit) {
  const user = await newUser(kit.app);
  const { subscription_id: id } = await startSubscription(kit.app, user);
  await kit.paypal.subscriptions.approve(id);
  return { user, id };
}

/** The app counts (prom-client) only with METRICS_PORT (decision 171). */
const COUNTED = { METRICS_PORT: '0' };

const INVALID = { error: 'invalid_signature', message: 'This webhook call could not be verified.' };

describe.each(testDialects)('POST /api/v1/paypal/webhook on %s', (dialect) => {
  it('answers 503 webhooks_not_configured without PAYPAL_WEBHOOK_ID and stores nothing', async () => {
    const kit = await start(dialect, { webhooks: false, env: { PAYPAL_WEBHOOK_ID: '' } });
    const { id } = await approvedUnheard(kit);
    const delivery = await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', id, {
      url: kit.webhookUrl,
      webhookId: WEBHOOK_ID,
    });
    expect(delivery.status).toBe(503);
    expect(JSON.parse(delivery.body)).toEqual({
      error: 'webhooks_not_configured',
      message: 'PayPal webhooks are not configured on this server.',
    });
    expect(await rowsOf(kit.app).events()).toEqual([]);
    expect((await rowsOf(kit.app).subscriptions())[0]?.status).toBe('APPROVAL_PENDING');
  });

  it('records a verified event and takes the state from a fresh GET at PayPal', async () => {
    const kit = await start(dialect, { webhooks: false });
    const { user, id } = await approvedUnheard(kit);
    const gets = kit.paypal.subscriptions.calls.get;
    const delivery = await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', id, {
      url: kit.webhookUrl,
      webhookId: WEBHOOK_ID,
    });
    expect(delivery.status, delivery.body).toBe(200);
    expect(kit.paypal.subscriptions.calls.get).toBe(gets + 1);
    expect(await currentOf(kit.app, user)).toMatchObject({ id, status: 'ACTIVE', entitled: true });
    expect(await rowsOf(kit.app).events()).toEqual([
      {
        id: delivery.event.id,
        event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        received_at: expect.any(String),
        transmission_id: expect.any(String),
      },
    ]);
  });

  it('answers a replayed event id 200 and does nothing more', async () => {
    const kit = await start(dialect, { webhooks: false, env: COUNTED });
    const { id } = await approvedUnheard(kit);
    const options = { url: kit.webhookUrl, webhookId: WEBHOOK_ID };
    const first = await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', id, options);
    expect(first.status).toBe(200);
    const gets = kit.paypal.subscriptions.calls.get;
    const again = await kit.paypal.webhooks.resend(first, options);
    expect(again.status).toBe(200);
    expect(kit.paypal.subscriptions.calls.get).toBe(gets);
    expect(await rowsOf(kit.app).events()).toHaveLength(1);
    const metrics = await kit.app.ctx.metrics.text();
    expect(metrics).toContain(
      'paypal_webhooks_total{event_type="BILLING.SUBSCRIPTION.ACTIVATED",result="handled"} 1',
    );
    expect(metrics).toContain(
      'paypal_webhooks_total{event_type="BILLING.SUBSCRIPTION.ACTIVATED",result="duplicate"} 1',
    );
  });

  it('takes one transmission for one event: its signature over another body of the same CRC32 is refused', async () => {
    const kit = await start(dialect, { webhooks: false });
    const { id } = await approvedUnheard(kit);
    const certUrl = kit.paypal.webhooks.certUrl;
    const body = (eventId: string) =>
      JSON.stringify({ id: eventId, event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: { id } });
    const first = signWebhook(body('WH-FIRST-1'), { webhookId: WEBHOOK_ID, certUrl });
    expect((await deliver(kit.webhookUrl, first)).status).toBe(200);
    const gets = kit.paypal.subscriptions.calls.get;
    // PayPal signs the transmission id and the body's CRC32 only: a body forged to the same CRC32 under a
    // captured delivery's headers arrives as exactly this, the same transmission with another event.
    const again = signWebhook(body('WH-OTHER-2'), {
      webhookId: WEBHOOK_ID,
      certUrl,
      transmissionId: first.headers['paypal-transmission-id'],
    });
    const reply = await deliver(kit.webhookUrl, again);
    expect(reply.status, reply.body).toBe(400);
    expect(JSON.parse(reply.body)).toEqual(INVALID);
    expect(kit.paypal.subscriptions.calls.get).toBe(gets);
    expect((await rowsOf(kit.app).events()).map((event) => event.id)).toEqual(['WH-FIRST-1']);
    // The same transmission with the same event is PayPal's redelivery: answered once more, 200.
    expect((await deliver(kit.webhookUrl, first)).status).toBe(200);
  });

  it('refuses a tampered body, a wrong webhook id, a bad signature and missing headers: 400, nothing stored', async () => {
    const kit = await start(dialect, { webhooks: false, env: COUNTED });
    const { user, id } = await approvedUnheard(kit);
    const event = {
      id: 'WH-TAMPERED-1',
      event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      resource: { id },
    };
    const body = JSON.stringify(event);
    const certUrl = kit.paypal.webhooks.certUrl;

    const tampered = signWebhook(body, { webhookId: WEBHOOK_ID, certUrl });
    tampered.body = body.replace('WH-TAMPERED-1', 'WH-TAMPERED-2');
    const wrongId = signWebhook(body, { webhookId: 'OTHERWEBHOOK1', certUrl });
    const badSignature = signWebhook(body, { webhookId: WEBHOOK_ID, certUrl });
    badSignature.headers['paypal-transmission-sig'] = signWebhook('{}', {
      webhookId: WEBHOOK_ID,
      certUrl,
    }).headers['paypal-transmission-sig']!;
    const otherTime = signWebhook(body, { webhookId: WEBHOOK_ID, certUrl });
    otherTime.headers['paypal-transmission-time'] = new Date(Date.now() + 1000).toISOString();
    const unsigned = signWebhook(body, { webhookId: WEBHOOK_ID, certUrl });
    delete unsigned.headers['paypal-transmission-sig'];

    for (const signed of [tampered, wrongId, badSignature, otherTime, unsigned]) {
      const reply = await deliver(kit.webhookUrl, signed);
      expect(reply.status, reply.body).toBe(400);
      expect(JSON.parse(reply.body)).toEqual(INVALID);
    }
    expect(await rowsOf(kit.app).events()).toEqual([]);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'APPROVAL_PENDING' });
    // Counted without the unverified body's event type.
    expect(await kit.app.ctx.metrics.text()).toContain(
      'paypal_webhooks_total{event_type="unverified",result="refused"} 4',
    );
  });

  it('never fetches a certificate from a host that is not PayPal’s', async () => {
    const kit = await start(dialect, { webhooks: false });
    const { id } = await approvedUnheard(kit);
    for (const certUrl of [
      'https://evil.example/v1/notifications/certs/CERT-1',
      'http://api.paypal.com/v1/notifications/certs/CERT-1',
      'https://api.paypal.com.evil.example/v1/notifications/certs/CERT-1',
      `${kit.paypal.webhooks.certUrl.replace('127.0.0.1', 'localhost')}`,
    ]) {
      const delivery = await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', id, {
        url: kit.webhookUrl,
        webhookId: WEBHOOK_ID,
        certUrl,
      });
      expect(delivery.status, certUrl).toBe(400);
      expect(JSON.parse(delivery.body)).toEqual(INVALID);
    }
    expect(kit.paypal.calls.cert).toBe(0);
    expect(await rowsOf(kit.app).events()).toEqual([]);
  });

  it('keeps one certificate for unsigned junk that varies the fragment or query of PayPal’s certificate URL', async () => {
    const kit = await start(dialect, { webhooks: false });
    const body = JSON.stringify({ id: 'WH-JUNK', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED' });
    for (let n = 0; n < 60; n += 1) {
      const junk = signWebhook(body, {
        webhookId: 'NOTOURWEBHOOK',
        certUrl: `${kit.paypal.webhooks.certUrl}${n % 2 ? `#${n}` : `?n=${n}`}`,
      });
      const reply = await kit.app.inject({
        method: 'POST',
        url: '/api/v1/paypal/webhook',
        headers: junk.headers,
        payload: body,
        remoteAddress: `198.51.100.${n}`,
      });
      expect(reply.statusCode).toBe(400);
    }
    expect(kit.paypal.calls.cert).toBe(1);
    expect(kit.app.ctx.webhooks!.cachedCertificates).toBe(1);
  });

  it('limits the calls of one address before any certificate is downloaded', async () => {
    const kit = await start(dialect, {
      webhooks: false,
      rateLimits: { settings: { webhookPerIp: { limit: 5, windowMs: 60_000 } } },
    });
    const body = JSON.stringify({ id: 'WH-JUNK', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED' });
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      // A new certificate name each time: PayPal's folder, but nothing PayPal serves.
      const junk = signWebhook(body, {
        webhookId: WEBHOOK_ID,
        certUrl: `${kit.paypal.url}/v1/notifications/certs/CERT-JUNK-${n}`,
      });
      const reply = await kit.app.inject({
        method: 'POST',
        url: '/api/v1/paypal/webhook',
        headers: junk.headers,
        payload: body,
        remoteAddress: '203.0.113.66',
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(5).fill(400), ...Array<number>(7).fill(429)]);
    const downloads = kit.paypal.calls.all.filter((call) => call.includes('/v1/notifications/certs/'));
    expect(downloads).toHaveLength(5);
    expect(kit.app.ctx.webhooks!.cachedCertificates).toBe(0);
  });

  it('fetches the certificate once and keeps it', async () => {
    const kit = await start(dialect, { webhooks: false });
    const { id } = await approvedUnheard(kit);
    const options = { url: kit.webhookUrl, webhookId: WEBHOOK_ID };
    for (const type of [
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.UPDATED',
    ])
      expect((await kit.paypal.webhooks.send(type, id, options)).status).toBe(200);
    expect(kit.paypal.calls.cert).toBe(1);
  });

  it('cannot be moved backwards by a late event: the state is always PayPal’s current one', async () => {
    const kit = await start(dialect, { webhooks: false });
    const { user, id } = await approvedUnheard(kit);
    const options = { url: kit.webhookUrl, webhookId: WEBHOOK_ID };
    // PayPal sends ACTIVATED, then the subscriber cancels; the ACTIVATED delivery arrives last.
    const activated = {
      ...(await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.UPDATED', id, options)).event,
      id: 'WH-LATE-ACTIVATED',
      event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
    };
    await kit.paypal.subscriptions.cancelByBuyer(id);
    expect((await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.CANCELLED', id, options)).status).toBe(200);
    const late = await deliver(
      kit.webhookUrl,
      signWebhook(JSON.stringify(activated), { webhookId: WEBHOOK_ID, certUrl: kit.paypal.webhooks.certUrl }),
    );
    expect(late.status).toBe(200);
    expect(await currentOf(kit.app, user)).toMatchObject({ id, status: 'CANCELLED' });
  });

  it('follows a sale to its subscription (billing_agreement_id) and ignores events it does not handle', async () => {
    const kit = await start(dialect, { webhooks: false });
    const { user, id } = await approvedUnheard(kit);
    const options = { url: kit.webhookUrl, webhookId: WEBHOOK_ID };
    const other = await kit.paypal.webhooks.send('BILLING.PLAN.CREATED', id, options);
    expect(other.status).toBe(200);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'APPROVAL_PENDING' });
    expect((await kit.paypal.webhooks.send('PAYMENT.SALE.COMPLETED', id, options)).status).toBe(200);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'ACTIVE' });
    expect((await rowsOf(kit.app).events()).map((event) => event.event_type).sort()).toEqual([
      'BILLING.PLAN.CREATED',
      'PAYMENT.SALE.COMPLETED',
    ]);
  });

  it('marks a failed payment, keeps access, and mails the grace date', async () => {
    const kit = await start(dialect, { env: { PAYPAL_GRACE_DAYS: '5' } });
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    await kit.paypal.subscriptions.failPayment(active.id);
    expect(await currentOf(kit.app, user)).toMatchObject({
      status: 'ACTIVE',
      payment_failed: true,
      entitled: true,
    });
    const mail = await kit.smtp.waitForMail(user.email, { since: 1 });
    expect(mail.subject).toBe('Your BullApp payment did not go through');
    const graceDay = new Date(Date.now() + 5 * 24 * 60 * 60_000).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail.text).toContain(`your access stays until ${graceDay}`);
    await kit.paypal.subscriptions.suspend(active.id);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'SUSPENDED', entitled: true });
    await kit.paypal.subscriptions.expire(active.id);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'EXPIRED', entitled: false });
  });

  it('cancels at PayPal a subscription whose account was deleted ("Account deleted")', async () => {
    const kit = await start(dialect, { webhooks: false });
    const orphan = kit.paypal.subscriptions.put({
      planId: (await kit.app.config.paypal.plans.monthly)!,
      customId: '987654',
      status: 'ACTIVE',
      statusNote: null,
      nextBillingTime: new Date(Date.now() + 86_400_000).toISOString(),
      lastPaymentTime: new Date().toISOString(),
      failedPayments: 0,
      returnUrl: null,
      cancelUrl: null,
    });
    const delivery = await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', orphan.id, {
      url: kit.webhookUrl,
      webhookId: WEBHOOK_ID,
    });
    expect(delivery.status).toBe(200);
    expect(kit.paypal.subscriptions.calls.cancelReasons).toEqual(['Account deleted']);
    expect(orphan.status).toBe('CANCELLED');
    expect(await rowsOf(kit.app).subscriptions()).toEqual([]);
  });

  it('answers 503 when PayPal cannot be read, and handles the redelivery once PayPal is back', async () => {
    const kit = await start(dialect, { webhooks: false });
    const { user, id } = await approvedUnheard(kit);
    const options = { url: kit.webhookUrl, webhookId: WEBHOOK_ID };
    kit.paypal.failWith('server-error');
    const first = await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', id, options);
    expect(first.status).toBe(503);
    expect(await rowsOf(kit.app).events()).toEqual([]);
    kit.paypal.failWith(null);
    expect((await kit.paypal.webhooks.resend(first, options)).status).toBe(200);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'ACTIVE' });
    expect(await rowsOf(kit.app).events()).toHaveLength(1);
  });

  it('answers 400 invalid_request to a signed body that is not a PayPal event, storing nothing', async () => {
    const kit = await start(dialect, { webhooks: false });
    for (const body of ['', 'not json', '{"event_type":"PAYMENT.SALE.COMPLETED"}']) {
      const reply = await deliver(
        kit.webhookUrl,
        signWebhook(body, { webhookId: WEBHOOK_ID, certUrl: kit.paypal.webhooks.certUrl }),
      );
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toEqual({
        error: 'invalid_request',
        message: 'The webhook body is not a PayPal event.',
      });
    }
    expect(await rowsOf(kit.app).events()).toEqual([]);
  });

  it('answers 400 to an unsigned call, whatever bearer token it carries', async () => {
    const kit = await start(dialect, { webhooks: false });
    const { id } = await approvedUnheard(kit);
    const event = (
      await kit.paypal.webhooks.send('BILLING.SUBSCRIPTION.UPDATED', id, {
        url: kit.webhookUrl,
        webhookId: WEBHOOK_ID,
      })
    ).event;
    const reply = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/paypal/webhook',
      headers: bearer('nonsense'),
      payload: JSON.stringify({ ...event, id: 'WH-NO-SIGNATURE' }),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(INVALID);
  });
});
