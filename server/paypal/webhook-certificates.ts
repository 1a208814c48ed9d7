import { X509Certificate } from 'node:crypto';
import { PAYPAL_TIMEOUT_MS } from './paypal-api.js';

/** PayPal's REST hosts, live and sandbox: the only places a signing certificate may come from. */
export const PAYPAL_CERT_HOSTS = [
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
];

/** At most this many certificates are kept: PayPal signs with one or two at a time. */
export const CERT_CACHE_SIZE = 16;

// One name under PayPal's certificate folder: no dots, so no `..`, and nothing else on PayPal's API.
const CERT_PATH = /^\/v1\/notifications\/certs\/[A-Za-z0-9_-]{1,100}$/;

/** Why a webhook was refused, for the log; the caller only ever hears `invalid_signature`. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Reads the PEM text at an https URL already checked against the rules (tests hand in a file's text). */
export type CertificateFetch = (url: string) => Promise<string>;

export function downloadCertificate(timeoutMs = PAYPAL_TIMEOUT_MS): CertificateFetch {
  return async (url) => {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.text();
  };
}

/**
 * PayPal's signing certificates, by origin and path, at most CERT_CACHE_SIZE of them (least recently used
 * goes first). A URL must name PayPal's certificate folder on one of PayPal's API hosts over https (or the
 * origin of PAYPAL_API_BASE, a sandbox proxy or the tests' stand-in): anything else is refused before any
 * download. A query or fragment is not part of the key, so varying it never downloads again.
 */
export class CertificateCache {
  private readonly entries = new Map<string, Promise<X509Certificate>>();
  private readonly allowedOrigins: Set<string>;

  constructor(
    apiBase: string,
    private readonly fetchCertificate: CertificateFetch,
  ) {
    this.allowedOrigins = new Set([
      ...PAYPAL_CERT_HOSTS.map((host) => `https://${host}`),
      new URL(apiBase).origin,
    ]);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The checked key (origin and path) of a PAYPAL-CERT-URL; throws when the URL breaks a rule. */
  keyOf(certUrl: string): string {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      throw new WebhookSignatureError('PAYPAL-CERT-URL is not a URL');
    }
    if (!this.allowedOrigins.has(url.origin) || url.username || url.password)
      throw new WebhookSignatureError(`PAYPAL-CERT-URL is not on a PayPal host: ${url.origin}`);
    if (!CERT_PATH.test(url.pathname))
      throw new WebhookSignatureError('PAYPAL-CERT-URL does not name a PayPal certificate');
    return `${url.origin}${url.pathname}`;
  }

  /** The certificate at a key from keyOf: kept, or downloaded once (a failed download is not kept). */
  get(key: string): Promise<X509Certificate> {
    let pending = this.entries.get(key);
    if (pending) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
    } else {
      pending = this.download(key);
      pending.catch(() => {
        if (this.entries.get(key) === pending) this.entries.delete(key);
      });
    }
    this.entries.set(key, pending);
    while (this.entries.size > CERT_CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }

  private async download(key: string): Promise<X509Certificate> {
    let text: string;
    try {
      text = await this.fetchCertificate(key);
    } catch (error) {
      throw new WebhookSignatureError(`the certificate could not be fetched: ${(error as Error).message}`);
    }
    try {
      return new X509Certificate(text);
    } catch (error) {
      throw new WebhookSignatureError(`the certificate is not usable: ${(error as Error).message}`);
    }
  }
}
