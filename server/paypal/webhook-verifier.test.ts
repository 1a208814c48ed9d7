import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { euroPlans, standInClientId, standInSecret } from '../../tests/support/paypal-plans.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../tests/support/paypal-stand-in.js';
import { signWebhook } from '../../tests/support/paypal-stand-in-webhooks.js';
import { webhookHeadersOf, WebhookSignatureError, WebhookVerifier } from './webhook-verifier.js';

const WEBHOOK_ID = '3UE48720VA441183J';
const BODY = JSON.stringify({
  id: 'WH-1',
  event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
  resource: { id: 'I-1' },
});

let paypal: PayPalStandIn;
let verifier: WebhookVerifier;

beforeEach(async () => {
  paypal = await startPayPalStandIn({
    clientId: standInClientId,
    clientSecret: standInSecret,
    plans: euroPlans,
  });
  verifier = new WebhookVerifier({ webhookId: WEBHOOK_ID, apiBase: paypal.url });
});
afterEach(() => paypal.close());

function check(body: string, signed: ReturnType<typeof signWebhook>) {
  return verifier.verify(webhookHeadersOf(signed.headers)!, Buffer.from(body));
}

describe('WebhookVerifier', () => {
  it('accepts what PayPal signed, fetching the certificate once', async () => {
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl });
    await check(BODY, signed);
    await check(BODY, signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl }));
    expect(paypal.calls.cert).toBe(1);
  });

  it('refuses a body changed by one byte', async () => {
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl });
    await expect(check(BODY.replace('WH-1', 'WH-2'), signed)).rejects.toThrow(WebhookSignatureError);
  });

  it('refuses a call signed for another webhook', async () => {
    const signed = signWebhook(BODY, { webhookId: 'WEBHOOKOFSOMEONEELSE', certUrl: paypal.webhooks.certUrl });
    await expect(check(BODY, signed)).rejects.toThrow('does not match');
  });

  it('refuses a signature that is not over these headers', async () => {
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl });
    signed.headers['paypal-transmission-id'] = 'b2b4f8f0-0000-11ef-0000-000000000000';
    await expect(check(BODY, signed)).rejects.toThrow('does not match');
  });

  it('refuses another algorithm', async () => {
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl });
    signed.headers['paypal-auth-algo'] = 'SHA1withRSA';
    await expect(check(BODY, signed)).rejects.toThrow('unsupported');
  });

  it.each([
    'https://evil.example/v1/notifications/certs/CERT-1',
    'http://api-m.paypal.com/v1/notifications/certs/CERT-1',
    'https://api-m.paypal.com.evil.example/cert',
    'https://user:pass@api.paypal.com/cert',
    'not a url',
  ])('never fetches a certificate from %s', async (certUrl) => {
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl });
    await expect(check(BODY, signed)).rejects.toThrow(WebhookSignatureError);
    expect(paypal.calls.cert).toBe(0);
  });

  it('allows exactly the PayPal API hosts over https and the host of PAYPAL_API_BASE', async () => {
    const live = new WebhookVerifier({ webhookId: WEBHOOK_ID, apiBase: 'https://api-m.paypal.com' });
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl });
    // The stand-in is not PayPal for an app pointed at live PayPal.
    await expect(live.verify(webhookHeadersOf(signed.headers)!, Buffer.from(BODY))).rejects.toThrow(
      'not on a PayPal host',
    );
  });

  it('tells a missing header apart', () => {
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl });
    delete signed.headers['paypal-cert-url'];
    expect(webhookHeadersOf(signed.headers)).toBeNull();
  });
});
