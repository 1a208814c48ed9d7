import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for this secret at `timestamp` (RFC 6238: SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp,
  });
}
