import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { StandInSubscription } from './paypal-stand-in-subscriptions.js';

/**
 * The stand-in's webhook sender: PayPal's event format (notifications_webhooks_v1 `event`), signed as PayPal
 * signs (SHA256withRSA over `<transmission id>|<time>|<webhook id>|<crc32 of the body>`) with a key whose
 * certificate the stand-in serves at its own cert URL. Node's crypto cannot issue X.509 certificates, so
 * Debian's `openssl` command makes a self-signed one, once per process (decision 081).
 */

export interface SigningKey {
  privateKeyPem: string;
  certificatePem: string;
}

let shared: SigningKey | null = null;

export function signingKey(): SigningKey {
  if (shared) return shared;
  const folder = mkdtempSync(join(tmpdir(), 'paypal-stand-in-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '30',
        '-subj',
        '/CN=messageverificationcerts.paypal.com',
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
      ],
      { stdio: 'ignore', timeout: 30_000 },
    );
    shared = {
      privateKeyPem: readFileSync(join(folder, 'key.pem'), 'utf8'),
      certificatePem: readFileSync(join(folder, 'cert.pem'), 'utf8'),
    };
    return shared;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const CERT_PATH = '/v1/notifications/certs/CERT-360caa42-fca2a594-stand-in';

export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
}

const SUMMARIES: Record<string, string> = {
  'PAYMENT.SALE.COMPLETED': 'Payment completed',
  'PAYMENT.SALE.REFUNDED': 'A sale has been refunded',
  'PAYMENT.SALE.REVERSED': 'A sale has been reversed',
};

/**
 * An event as PayPal sends it. A subscription event carries the subscription; a PAYMENT.SALE.* event carries
 * `resource` (a sale names its subscription in billing_agreement_id, a refund or reversal only its sale_id),
 * or, when none is given, a made-up sale of the subscription.
 */
export function eventFor(
  eventType: string,
  subscription: StandInSubscription,
  subscriptionBody: Record<string, unknown>,
  base: string,
  resource?: Record<string, unknown>,
): WebhookEvent {
  const id = `WH-${randomBytes(9).toString('hex').toUpperCase()}-${randomBytes(8).toString('hex').toUpperCase()}`;
  const sale = eventType.startsWith('PAYMENT.SALE.');
  return {
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: sale ? (eventType === 'PAYMENT.SALE.COMPLETED' ? 'sale' : 'refund') : 'subscription',
    resource_version: sale ? '1.0' : '2.0',
    event_type: eventType,
    summary: SUMMARIES[eventType] ?? `Subscription ${eventType.split('.').slice(2).join(' ').toLowerCase()}`,
    resource: sale
      ? (resource ?? {
          id: `${randomBytes(8).toString('hex').toUpperCase()}`,
          state: 'completed',
          amount: { total: '1.00', currency: 'USD' },
          payment_mode: 'INSTANT_TRANSFER',
          billing_agreement_id: subscription.id,
          create_time: new Date().toISOString(),
        })
      : subscriptionBody,
    links: [{ href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
  };
}

export interface Signed {
  headers: Record<string, string>;
  body: string;
}

/**
 * Signs a body as PayPal would for the webhook `webhookId`; `certUrl` names where the certificate is, `at`
 * the transmission time (default now).
 */
export function signWebhook(
  body: string,
  {
    webhookId,
    certUrl,
    at = new Date(),
    transmissionId = randomUUID(),
  }: { webhookId: string; certUrl: string; at?: Date; transmissionId?: string },
): Signed {
  const transmissionTime = at.toISOString();
  const message = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body))}`;
  const signature = sign('sha256', Buffer.from(message), signingKey().privateKeyPem).toString('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-58347479',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-auth-version': 'v2',
      'paypal-cert-url': certUrl,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': transmissionTime,
    },
  };
}

export interface Delivery {
  event: WebhookEvent;
  status: number;
  body: string;
}

/** Posts a signed event to a webhook URL, as PayPal does. */
export async function deliver(url: string, signed: Signed): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body });
  return { status: response.status, body: await response.text() };
}

export interface WebhookOptions {
  /** Where to post; default: the URL given to listen(). */
  url?: string;
  /** The webhook id PayPal signs with; default: the one given to listen(). */
  webhookId?: string;
  certUrl?: string;
  /** The event's resource, for a PAYMENT.SALE.* event (default: a made-up sale of the subscription). */
  resource?: Record<string, unknown>;
}

export interface StandInWebhooks {
  /** Where the stand-in serves its signing certificate. */
  certUrl: string;
  /** From now on every change is delivered, signed for `webhookId`, to `url` (as a registered webhook). */
  listen(url: string, webhookId: string): void;
  /** Changes are no longer delivered (missed webhooks). */
  stop(): void;
  deliveries: Delivery[];
  /** Delivers one event about a subscription now, whatever listen() said. */
  send(eventType: string, subscriptionId: string, options?: WebhookOptions): Promise<Delivery>;
  /** Delivers the same event again, newly signed (PayPal's redelivery), to any URL. */
  resend(delivery: Delivery, options?: WebhookOptions): Promise<Delivery>;
}

/** Delivers events about the stand-in's subscriptions to the app, as a webhook registered at PayPal. */
export function createWebhookSender(deps: {
  base: () => string;
  describe: (id: string) => { subscription: StandInSubscription; body: Record<string, unknown> } | null;
}) {
  let listener: { url: string; webhookId: string } | null = null;
  const deliveries: Delivery[] = [];

  async function post(event: WebhookEvent, options: WebhookOptions): Promise<Delivery> {
    const url = options.url ?? listener?.url;
    const webhookId = options.webhookId ?? listener?.webhookId;
    if (!url || !webhookId)
      throw new Error('no webhook URL: call webhooks.listen() or pass url and webhookId');
    const certUrl = options.certUrl ?? `${deps.base()}${CERT_PATH}`;
    const delivery = {
      event,
      ...(await deliver(url, signWebhook(JSON.stringify(event), { webhookId, certUrl }))),
    };
    deliveries.push(delivery);
    return delivery;
  }

  async function send(eventType: string, subscriptionId: string, options: WebhookOptions = {}) {
    const found = deps.describe(subscriptionId);
    if (!found) throw new Error(`the stand-in has no subscription ${subscriptionId}`);
    return post(eventFor(eventType, found.subscription, found.body, deps.base(), options.resource), options);
  }

  const controls: StandInWebhooks = {
    get certUrl() {
      return `${deps.base()}${CERT_PATH}`;
    },
    listen(url, webhookId) {
      listener = { url, webhookId };
    },
    stop() {
      listener = null;
    },
    deliveries,
    send,
    resend: (delivery, options = {}) => post(delivery.event, options),
  };
  return {
    controls,
    /** A control changed a subscription: a listening app hears of it. */
    async changed(eventType: string, subscription: StandInSubscription, resource?: Record<string, unknown>) {
      // As at PayPal, a webhook the app cannot take never undoes what the buyer did; it is only missed.
      if (listener) await send(eventType, subscription.id, { resource }).catch(() => undefined);
    },
  };
}
