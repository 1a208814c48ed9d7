import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes in base64url are always 43 characters of this alphabet. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
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

/** Constant-time comparison of two hex hashes of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
