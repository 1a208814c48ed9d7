import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, looksLikeToken, sameHash } from './session-token.js';

describe('session tokens', () => {
  it('compare hashes whole: equal ones match, a difference anywhere or another length does not', () => {
    const hash = hashToken(generateToken());
    expect(sameHash(hash, `${hash}`)).toBe(true);
    const flipped = (at: number) =>
      `${hash.slice(0, at)}${hash[at] === '0' ? '1' : '0'}${hash.slice(at + 1)}`;
    expect(sameHash(hash, flipped(0))).toBe(false);
    expect(sameHash(hash, flipped(31))).toBe(false);
    expect(sameHash(hash, flipped(hash.length - 1))).toBe(false);
    expect(sameHash(hash, hash.slice(0, -1))).toBe(false);
    expect(sameHash(hash, `${hash}0`)).toBe(false);
    expect(sameHash('', '')).toBe(true);
  });

  it('take only the shape of a token before any database work', () => {
    expect(looksLikeToken(generateToken())).toBe(true);
    expect(looksLikeToken('x'.repeat(42))).toBe(false);
    expect(looksLikeToken(`${'x'.repeat(42)}!`)).toBe(false);
  });
});
