import { randomBytes } from 'node:crypto';
import { type Algorithm, parseOptions, type Version } from '@node-rs/argon2';
import { onHashThread } from './hash-pool.js';

// The package declares these as `const enum`s, which do not exist at run time: use their values.
const ARGON2ID = 2 as Algorithm;
const VERSION_0X13 = 1 as Version;

/** DESIGN section 7: argon2id, m=19456 KiB, t=2, p=1 (the OWASP baseline). */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  version: VERSION_0X13,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * The same password typed on two devices can arrive in two Unicode forms (é as one code point or as e + ´);
 * NFC makes them one, so people are not locked out by their keyboard.
 */
const normalise = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return onHashThread('hash', [normalise(password), ARGON2_OPTIONS]) as Promise<string>;
}

/** False for a wrong password and for a stored hash that cannot be read; never throws for bad input. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return (await onHashThread('verify', [storedHash, normalise(password)])) === true;
  } catch {
    return false;
  }
}

/** How every hash made with today's parameters begins (PHC string format): most sign-ins stop here. */
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** True when a stored hash was made with other parameters than today's, so sign-in should replace it. */
export function needsRehash(storedHash: string): boolean {
  if (storedHash.startsWith(CURRENT_PREFIX)) return false;
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== ARGON2_OPTIONS.algorithm ||
      used.version !== ARGON2_OPTIONS.version ||
      used.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      used.timeCost !== ARGON2_OPTIONS.timeCost ||
      used.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends one verification at full cost against a throw-away hash, so a request for an unknown e-mail takes
 * as long as one with a wrong password and does not tell an attacker which addresses have accounts.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
