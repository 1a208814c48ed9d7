import { describe, expect, it } from 'vitest';
import { randomText } from './random-text.js';

describe('randomText', () => {
  it('gives base64url text of the asked number of bytes', () => {
    expect(randomText(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomText(12)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(Buffer.from(randomText(5000), 'base64url')).toHaveLength(5000);
  });

  it('never gives the same text twice, across many refills of its pool', () => {
    // 10,000 tokens of 32 bytes are 78 refills of a 4 KiB pool; a repeat would mean bytes handed out twice.
    const seen = new Set(Array.from({ length: 10_000 }, () => randomText(32)));
    expect(seen.size).toBe(10_000);
  });

  it('looks random: every byte value turns up, none much more often than the others', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 2_000; i += 1)
      for (const byte of Buffer.from(randomText(32), 'base64url')) counts[byte]! += 1;
    // 64,000 bytes: 250 of each value expected; a zeroed or repeated pool would pile up on a few values.
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(350);
  });
});
