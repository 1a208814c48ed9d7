import { verify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { PAYPAL_TIMEOUT_MS } from './paypal-api.js';

/** PayPal's REST hosts, live and sandbox: the only places a signing certificate may come from. */
export const PAYPAL_CERT_HOSTS = [
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
];

/** Why a webhook was refused, for the log; the caller only ever hears `invalid_signature`. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface WebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

export interface WebhookVerifierOptions {
  webhookId: string;
  /** PAYPAL_API_BASE: its host may also serve certificates (a sandbox proxy, or the tests' stand-in). */
  apiBase: string;
  timeoutMs?: number;
}

/** The PAYPAL-* headers of a webhook call, or null when one is missing. */
export function webhookHeadersOf(headers: Record<string, unknown>): WebhookHeaders | null {
  const get = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value.length > 0 ? value : null;
  };
  const found = {
    transmissionId: get('paypal-transmission-id'),
    transmissionTime: get('paypal-transmission-time'),
    transmissionSig: get('paypal-transmission-sig'),
    certUrl: get('paypal-cert-url'),
    authAlgo: get('paypal-auth-algo'),
  };
  return Object.values(found).every((value) => value !== null) ? (found as WebhookHeaders) : null;
}

/** The string PayPal signs: transmission id, time, our webhook id and the CRC32 of the raw body, in decimal. */
export function signedString(headers: WebhookHeaders, webhookId: string, rawBody: Buffer): string {
  return `${headers.transmissionId}|${headers.transmissionTime}|${webhookId}|${crc32(rawBody)}`;
}

/**
 * Verifies webhooks offline, as PayPal documents: SHA256withRSA over the signed string, checked against the
 * public key of the certificate at PAYPAL-CERT-URL. Certificates come only from PayPal's hosts (or
 * PAYPAL_API_BASE's) over https and are cached by URL: PayPal names the same few for months.
 */
export class WebhookVerifier {
  private readonly certificates = new Map<string, Promise<X509Certificate>>();
  private readonly allowedOrigins: Set<string>;

  constructor(private readonly options: WebhookVerifierOptions) {
    const base = new URL(options.apiBase);
    this.allowedOrigins = new Set([...PAYPAL_CERT_HOSTS.map((host) => `https://${host}`), base.origin]);
  }

  async verify(headers: WebhookHeaders, rawBody: Buffer): Promise<void> {
    if (headers.authAlgo !== 'SHA256withRSA')
      throw new WebhookSignatureError(`unsupported PAYPAL-AUTH-ALGO ${headers.authAlgo}`);
    const certificate = await this.certificate(headers.certUrl);
    const signature = Buffer.from(headers.transmissionSig, 'base64');
    const message = Buffer.from(signedString(headers, this.options.webhookId, rawBody));
    if (!verify('sha256', message, certificate.publicKey, signature))
      throw new WebhookSignatureError('the signature does not match the body and headers');
  }

  private certificate(certUrl: string): Promise<X509Certificate> {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      throw new WebhookSignatureError('PAYPAL-CERT-URL is not a URL');
    }
    if (!this.allowedOrigins.has(url.origin) || url.username || url.password)
      throw new WebhookSignatureError(`PAYPAL-CERT-URL is not on a PayPal host: ${url.origin}`);
    let pending = this.certificates.get(url.href);
    if (!pending) {
      pending = this.download(url.href);
      // A failed download is not kept: the next webhook tries again.
      pending.catch(() => this.certificates.delete(url.href));
      this.certificates.set(url.href, pending);
    }
    return pending;
  }

  private async download(href: string): Promise<X509Certificate> {
    let text: string;
    try {
      const response = await fetch(href, {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? PAYPAL_TIMEOUT_MS),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      text = await response.text();
    } catch (error) {
      throw new WebhookSignatureError(`the certificate could not be fetched: ${(error as Error).message}`);
    }
    try {
      const certificate = new X509Certificate(text);
      const now = new Date();
      if (new Date(certificate.validFrom) > now || new Date(certificate.validTo) < now)
        throw new Error('it is outside its validity period');
      return certificate;
    } catch (error) {
      throw new WebhookSignatureError(`the certificate is not usable: ${(error as Error).message}`);
    }
  }
}
