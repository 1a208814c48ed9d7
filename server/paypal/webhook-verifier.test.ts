import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { euroPlans, standInClientId, standInSecret } from '../../tests/support/paypal-plans.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../tests/support/paypal-stand-in.js';
import { signingKey, signWebhook } from '../../tests/support/paypal-stand-in-webhooks.js';
import { CERT_CACHE_SIZE, WebhookSignatureError } from './webhook-certificates.js';
import { webhookHeadersOf, WebhookVerifier } from './webhook-verifier.js';

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
    'https://api-m.paypal.com/cert',
    'https://api-m.paypal.com/v1/billing/subscriptions/I-BW452GLLEP1G',
    'https://api-m.paypal.com/v1/notifications/certs/../../billing/subscriptions',
    'https://api-m.paypal.com/v1/notifications/certs/%2e%2e/%2e%2e/billing/subscriptions',
    'https://api-m.paypal.com/v1/notifications/certs/CERT-1/more',
    'https://api-m.paypal.com/v1/notifications/certs/',
  ])('never fetches a certificate from %s', async (certUrl) => {
    const fetched: string[] = [];
    const strict = new WebhookVerifier({
      webhookId: WEBHOOK_ID,
      apiBase: 'https://api-m.paypal.com',
      fetchCertificate: async (url) => {
        fetched.push(url);
        return signingKey().certificatePem;
      },
    });
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl });
    await expect(strict.verify(webhookHeadersOf(signed.headers)!, Buffer.from(BODY))).rejects.toThrow(
      WebhookSignatureError,
    );
    expect(fetched).toEqual([]);
    expect(strict.cachedCertificates).toBe(0);
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

describe('WebhookVerifier: refusing costs nothing', () => {
  it('keys certificates by origin and path: a new query or fragment never downloads again', async () => {
    for (let n = 0; n < 40; n += 1) {
      const certUrl = `${paypal.webhooks.certUrl}${n % 2 ? `?n=${n}` : `#${n}`}`;
      await expect(check(BODY, signWebhook(BODY, { webhookId: 'JUNK', certUrl }))).rejects.toThrow(
        'does not match',
      );
    }
    expect(paypal.calls.cert).toBe(1);
    expect(verifier.cachedCertificates).toBe(1);
  });

  it(`keeps at most ${CERT_CACHE_SIZE} certificates, the least recently used going first`, async () => {
    const fetched: string[] = [];
    const fetching = new WebhookVerifier({
      webhookId: WEBHOOK_ID,
      apiBase: 'https://api-m.paypal.com',
      fetchCertificate: async (url) => {
        fetched.push(url);
        return signingKey().certificatePem;
      },
    });
    const certUrl = (n: number) => `https://api-m.paypal.com/v1/notifications/certs/CERT-${n}`;
    const verifyWith = (url: string) => {
      const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: url });
      return fetching.verify(webhookHeadersOf(signed.headers)!, Buffer.from(BODY));
    };
    await verifyWith(certUrl(0));
    for (let n = 1; n <= 100; n += 1) {
      await verifyWith(certUrl(n));
      await verifyWith(certUrl(0));
      expect(fetching.cachedCertificates).toBeLessThanOrEqual(CERT_CACHE_SIZE);
    }
    expect(fetching.cachedCertificates).toBe(CERT_CACHE_SIZE);
    // The one in use all along stayed: it was downloaded once.
    expect(fetched.filter((url) => url === certUrl(0))).toHaveLength(1);
    expect(fetched).toHaveLength(101);
  });

  it.each([
    ['not a time', 'yesterday'],
    ['not a time', '1'],
    ['not a time', '2026-13-45T99:99:99Z'],
    ['lies ahead', '2031-01-01T00:00:00Z'],
    ['older than 90 days', '2019-08-29T10:49:33Z'],
  ])('refuses a transmission time that is %s (%s) before any download', async (reason, time) => {
    const signed = signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl });
    signed.headers['paypal-transmission-time'] = time;
    await expect(check(BODY, signed)).rejects.toThrow(reason);
    expect(paypal.calls.cert).toBe(0);
  });

  it('refuses a transmission time more than 5 minutes ahead, and takes one within them or 89 days old', async () => {
    const sign = (offsetMs: number) =>
      signWebhook(BODY, {
        webhookId: WEBHOOK_ID,
        certUrl: paypal.webhooks.certUrl,
        at: new Date(Date.now() + offsetMs),
      });
    await expect(check(BODY, sign(5 * 60_000 + 5_000))).rejects.toThrow('lies ahead');
    await check(BODY, sign(4 * 60_000));
    await check(BODY, sign(-89 * DAY_MS));
  });
});

const DAY_MS = 24 * 60 * 60_000;

describe('WebhookVerifier: certificate validity', () => {
  // The stand-in's certificate is valid for 30 days from its making.
  const clockAt = (offsetMs: number) => {
    const clock = { at: new Date() };
    clock.at = new Date(clock.at.getTime() + offsetMs);
    return clock;
  };

  it('refuses a webhook signed with a certificate past its end', async () => {
    const clock = clockAt(31 * DAY_MS);
    const late = new WebhookVerifier({ webhookId: WEBHOOK_ID, apiBase: paypal.url, now: () => clock.at });
    const signed = signWebhook(BODY, {
      webhookId: WEBHOOK_ID,
      certUrl: paypal.webhooks.certUrl,
      at: clock.at,
    });
    await expect(late.verify(webhookHeadersOf(signed.headers)!, Buffer.from(BODY))).rejects.toThrow(
      'outside its validity period',
    );
  });

  it('stops trusting a cached certificate once it has ended, without a restart', async () => {
    const clock = clockAt(0);
    const kept = new WebhookVerifier({ webhookId: WEBHOOK_ID, apiBase: paypal.url, now: () => clock.at });
    const signedAt = (at: Date) =>
      webhookHeadersOf(
        signWebhook(BODY, { webhookId: WEBHOOK_ID, certUrl: paypal.webhooks.certUrl, at }).headers,
      )!;
    await kept.verify(signedAt(clock.at), Buffer.from(BODY));
    clock.at = new Date(clock.at.getTime() + 31 * DAY_MS);
    await expect(kept.verify(signedAt(clock.at), Buffer.from(BODY))).rejects.toThrow(
      'outside its validity period',
    );
    expect(paypal.calls.cert).toBe(1);
  });

  it('refuses a certificate not yet valid', async () => {
    const clock = clockAt(-DAY_MS);
    const early = new WebhookVerifier({ webhookId: WEBHOOK_ID, apiBase: paypal.url, now: () => clock.at });
    const signed = signWebhook(BODY, {
      webhookId: WEBHOOK_ID,
      certUrl: paypal.webhooks.certUrl,
      at: clock.at,
    });
    await expect(early.verify(webhookHeadersOf(signed.headers)!, Buffer.from(BODY))).rejects.toThrow(
      'outside its validity period',
    );
  });
});
