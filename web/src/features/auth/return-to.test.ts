import { describe, expect, it } from 'vitest';
import { returnPathFrom } from './return-to';

describe('returnPathFrom', () => {
  it('returns to the page the guard turned away from', () => {
    expect(returnPathFrom({ from: '/account?x=1' })).toBe('/account?x=1');
    expect(returnPathFrom({ from: '/pricing' })).toBe('/pricing');
  });

  it('goes to the account page without a usable origin, or for one that leaves the app', () => {
    for (const state of [null, undefined, {}, { from: 42 }, { from: 'https://evil.example/' }]) {
      expect(returnPathFrom(state)).toBe('/account');
    }
    expect(returnPathFrom({ from: '//evil.example/path' })).toBe('/account');
    expect(returnPathFrom({ from: '/\\evil.example' })).toBe('/account');
  });

  it('never sends a fresh sign-in back to a sign-in page', () => {
    expect(returnPathFrom({ from: '/login' })).toBe('/account');
    expect(returnPathFrom({ from: '/signup?x' })).toBe('/account');
  });
});
