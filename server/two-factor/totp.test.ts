import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
} from './recovery-codes.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (ASCII), base32; codes cut to 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it.each(RFC_VECTORS)('takes the RFC test vector at %i s (%s) and names its step', (seconds, code) => {
    expect(matchingStep(RFC_SECRET, code, seconds * 1000)).toBe(Math.floor(seconds / 30));
  });

  it('allows one step of drift either way, and no more', () => {
    const at = 1111111109 * 1000;
    const step = Math.floor(at / 30_000);
    expect(matchingStep(RFC_SECRET, '081804', at + 30_000)).toBe(step);
    expect(matchingStep(RFC_SECRET, '081804', at - 30_000)).toBe(step);
    expect(matchingStep(RFC_SECRET, '081804', at + 60_000)).toBeNull();
    expect(matchingStep(RFC_SECRET, '081804', at - 60_000)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    for (const code of ['81804', '0818040', '08180a', ' 081804', '']) {
      expect(matchingStep(RFC_SECRET, code, 1111111109 * 1000)).toBeNull();
    }
  });

  it('makes 160-bit base32 secrets, a new one each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('spells the key URI as DESIGN does', () => {
    expect(otpauthUrl({ secret: RFC_SECRET, appName: 'BullApp', email: 'ada@example.com' })).toBe(
      `otpauth://totp/BullApp:ada%40example.com?secret=${RFC_SECRET}&issuer=BullApp`,
    );
  });
});

describe('recovery codes', () => {
  it('are ten different codes of four groups of four Crockford base32 characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
      expect(looksLikeRecoveryCode(normaliseRecoveryCode(code))).toBe(true);
    }
  });

  it('are read however they are typed: case, hyphens, spaces, o for 0 and i or l for 1', () => {
    expect(normaliseRecoveryCode(' AB0C-D1EF gh1j-KMNP ')).toBe('ab0cd1efgh1jkmnp');
    expect(hashRecoveryCode('abOc-dIef-ghLj-kmnp')).toBe(hashRecoveryCode('ab0cd1efgh1jkmnp'));
    expect(looksLikeRecoveryCode('ab0cd1efgh1jkmn')).toBe(false);
    expect(looksLikeRecoveryCode('ab0cd1efgh1jkmnu')).toBe(false);
  });

  it('are stored as the SHA-256 of the normalised code', () => {
    expect(hashRecoveryCode('0000-0000-0000-0000')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('0000-0000-0000-0000')).not.toBe(hashRecoveryCode('0000-0000-0000-0001'));
  });
});
