import { createHash, randomBytes } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32: no i, l, o or u, so nothing on paper reads as something else. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * Ten codes of 16 characters, 80 random bits each, written `abcd-efgh-jkmn-pqrs`. With that much entropy a
 * plain SHA-256 is enough to store them: unlike a password, nobody can hash guesses until one matches.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(GROUPS * GROUP_LENGTH);
    // 256 is a multiple of 32, so taking each byte modulo 32 keeps every character equally likely.
    const characters = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    return characters.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
  });
}

/** What a person typed, read as Crockford does: any case, hyphens and spaces ignored, o as 0, i and l as 1. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

export function looksLikeRecoveryCode(normalised: string): boolean {
  return normalised.length === GROUPS * GROUP_LENGTH && [...normalised].every((c) => ALPHABET.includes(c));
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
