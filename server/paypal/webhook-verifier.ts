import { verify, type X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  CertificateCache,
  downloadCertificate,
  WebhookSignatureError,
  type CertificateFetch,
} from './webhook-certificates.js';

/** A transmission time further ahead than this is refused: PayPal's clock and ours agree to seconds. */
export const MAX_TRANSMISSION_AHEAD_MS = 5 * 60_000;
/**
 * A transmission older than this is refused (decision 154). Event ids are kept as long (reconciliation's
 * EVENT_RETENTION_DAYS), so a replayed delivery is either refused here or answered as a duplicate.
 */
export const WEBHOOK_MAX_AGE_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;

// RFC 3339, as PayPal writes it (`2019-08-29T10:49:33Z`): `Date.parse` alone takes '1' for the year 2001.
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export interface WebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

export interface WebhookVerifierOptions {
  webhookId: string;
  /** PAYPAL_API_BASE: its origin may also serve certificates (a sandbox proxy, or the tests' stand-in). */
  apiBase: string;
  timeoutMs?: number;
  /** The app's clock: transmission times and certificate validity are judged by it. */
  now?: () => Date;
  /** How a certificate is read once its URL passed the rules; by default an https download. */
  fetchCertificate?: CertificateFetch;
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
 * public key of the certificate at PAYPAL-CERT-URL. Everything that costs nothing is checked first (the
 * algorithm, the transmission time, the certificate URL's rules); only then may a certificate be
 * downloaded, into a bounded cache. A certificate's validity is checked at each use, not once.
 */
export class WebhookVerifier {
  private readonly certificates: CertificateCache;
  private readonly now: () => Date;

  constructor(private readonly options: WebhookVerifierOptions) {
    this.now = options.now ?? (() => new Date());
    this.certificates = new CertificateCache(
      options.apiBase,
      options.fetchCertificate ?? downloadCertificate(options.timeoutMs),
    );
  }

  /** How many certificates are kept (or on their way). */
  get cachedCertificates(): number {
    return this.certificates.size;
  }

  async verify(headers: WebhookHeaders, rawBody: Buffer): Promise<void> {
    if (headers.authAlgo !== 'SHA256withRSA')
      throw new WebhookSignatureError(`unsupported PAYPAL-AUTH-ALGO ${headers.authAlgo}`);
    const now = this.now();
    this.checkTransmissionTime(headers.transmissionTime, now);
    const certificate = await this.certificates.get(this.certificates.keyOf(headers.certUrl));
    checkValidity(certificate, now);
    const signature = Buffer.from(headers.transmissionSig, 'base64');
    const message = Buffer.from(signedString(headers, this.options.webhookId, rawBody));
    if (!verify('sha256', message, certificate.publicKey, signature))
      throw new WebhookSignatureError('the signature does not match the body and headers');
  }

  private checkTransmissionTime(value: string, now: Date) {
    const at = RFC3339.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at)) throw new WebhookSignatureError('PAYPAL-TRANSMISSION-TIME is not a time');
    if (at > now.getTime() + MAX_TRANSMISSION_AHEAD_MS)
      throw new WebhookSignatureError('PAYPAL-TRANSMISSION-TIME lies ahead');
    if (at < now.getTime() - WEBHOOK_MAX_AGE_DAYS * DAY_MS)
      throw new WebhookSignatureError(`PAYPAL-TRANSMISSION-TIME is older than ${WEBHOOK_MAX_AGE_DAYS} days`);
  }
}

function checkValidity(certificate: X509Certificate, now: Date) {
  if (new Date(certificate.validFrom) > now || new Date(certificate.validTo) < now)
    throw new WebhookSignatureError('the certificate is outside its validity period');
}
