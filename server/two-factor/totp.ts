import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as DESIGN section 11 fixes it: SHA-1, 6 digits, 30-second steps, one step of drift either way. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const DRIFT_STEPS = 1;
/** 160 bits, the HMAC-SHA-1 block size RFC 4226 recommends for the shared secret. */
const SECRET_BYTES = 20;

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS });

/** A new shared secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/**
 * The key URI authenticator apps read (Google's Key Uri Format), spelled as DESIGN shows it:
 * `otpauth://totp/APP_NAME:email?secret=…&issuer=APP_NAME`. SHA-1, 6 digits and 30 s are the defaults.
 */
export function otpauthUrl({ secret, appName, email }: { secret: string; appName: string; email: string }) {
  const label = `${encodeURIComponent(appName)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(appName)}`;
}

export const CODE_SHAPE = /^\d{6}$/;

/** The time step whose code this is (within one step of `now`), or null when it matches none. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!CODE_SHAPE.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}
