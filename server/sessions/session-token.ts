import { hash } from 'node:crypto';
import { randomText } from '../security/random-text.js';

/** 32 random bytes in base64url are always 43 characters of this alphabet. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return randomText(32);
}

/**
 * What the database keeps instead of the token: a leaked table cannot be replayed as tokens. SHA-256 by the
 * one-shot `crypto.hash` (same digest as a Hash object, half its cost: every Bearer call hashes its token).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Rejects anything that cannot be one of our tokens before any database work. */
export function looksLikeToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/**
 * Constant-time comparison of two hashes: every character is compared whatever the first difference, and
 * the differences are or-ed together, so the time depends on the length alone. Done on the strings (no
 * buffers to decode and allocate): every Bearer call compares one.
 */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
