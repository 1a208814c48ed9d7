import { describe, expect, it } from 'vitest';
import { pickEncoding } from './page-encoding.js';

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['BR', 'br'],
  ])('answers %j with %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
