import { createPrivateKey, sign } from 'node:crypto';
import type { AppleKey } from './provider-settings.js';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Apple's client secrets may live up to six months; ours lives minutes, as it is made for each exchange. */
const LIFETIME_SECONDS = 5 * 60;

/**
 * Apple's client secret: a JWT signed ES256 with the key of the developer account's .p8 file, `kid` its key
 * id, `iss` the team id, `sub` the client (services) id, `aud` Apple's issuer (Apple's "Creating a client
 * secret"). Made fresh for each code exchange, so no long-lived secret exists.
 */
export function appleClientSecret(
  key: AppleKey,
  { clientId, audience, now }: { clientId: string; audience: string; now: Date },
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', kid: key.keyId }));
  const payload = base64url(
    JSON.stringify({ iss: key.teamId, iat, exp: iat + LIFETIME_SECONDS, aud: audience, sub: clientId }),
  );
  const input = `${header}.${payload}`;
  // JWS wants the raw r‖s pair, not the DER that node signs by default.
  const signature = sign('sha256', Buffer.from(input), {
    key: createPrivateKey(key.privateKey),
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${base64url(signature)}`;
}
