import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './webhook-certificates.js';
import { webhookHeadersOf, WebhookVerifier } from './webhook-verifier.js';

/**
 * One delivery signed by PayPal's sandbox, kept beside the repository (never in it: it is PayPal's test data),
 * at `<repository>/../shared/fixtures/paypal-genuine-webhook`. Every other test meets only signatures this
 * project made itself; this one proves the verifier agrees with PayPal's.
 */
const FOLDER = fileURLToPath(new URL('../../../shared/fixtures/paypal-genuine-webhook/', import.meta.url));
const present = existsSync(`${FOLDER}headers.json`);

if (!present) {
  const notice = `PayPal's genuine webhook fixture is missing at ${FOLDER}: its test cannot run.`;
  if (process.env.CI === 'true') throw new Error(notice);
  console.warn(`\n!!! ${notice} Skipping it. !!!\n`);
}

describe.skipIf(!present)('WebhookVerifier against a delivery signed by PayPal', () => {
  const read = (name: string) => readFileSync(`${FOLDER}${name}`);
  const { 'webhook-id': webhookId, ...headerValues } = present
    ? (JSON.parse(read('headers.json').toString('utf8')) as Record<string, string>)
    : {};
  const body = present ? read('body.json') : Buffer.alloc(0);
  const headers = webhookHeadersOf(headerValues)!;
  const transmittedAt = new Date(headers?.transmissionTime ?? 0);

  /** The verifier as the app builds it for a live PayPal, but reading the certificate from the fixture. */
  function verifierAt(now: Date, id = webhookId!) {
    const fetched: string[] = [];
    const verifier = new WebhookVerifier({
      webhookId: id,
      apiBase: 'https://api-m.paypal.com',
      now: () => now,
      fetchCertificate: async (url) => {
        fetched.push(url);
        return read('cert.pem').toString('utf8');
      },
    });
    return { verifier, fetched };
  }

  it('verifies for the webhook id it was signed for, with the clock at its transmission time', async () => {
    const { verifier, fetched } = verifierAt(transmittedAt);
    await verifier.verify(headers, body);
    // The URL rules still apply: the certificate is asked for at PayPal's own URL.
    expect(fetched).toEqual([headers.certUrl]);
  });

  it('fails for any other webhook id', async () => {
    const { verifier } = verifierAt(transmittedAt, '0FV983392A0531202');
    await expect(verifier.verify(headers, body)).rejects.toThrow('does not match');
  });

  it('fails for any changed byte of the body', async () => {
    const { verifier } = verifierAt(transmittedAt);
    for (const index of [0, 1000, body.length - 1]) {
      const changed = Buffer.from(body);
      changed[index] = changed[index]! ^ 0x01;
      await expect(verifier.verify(headers, changed)).rejects.toThrow('does not match');
    }
  });

  it('fails with the clock past the end of its certificate', async () => {
    const { verifier } = verifierAt(new Date('2021-05-24T12:00:01Z'));
    await expect(verifier.verify(headers, body)).rejects.toThrow(WebhookSignatureError);
  });
});
