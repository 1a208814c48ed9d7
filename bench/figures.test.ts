import { describe, expect, it } from 'vitest';
import { formatFigure } from './figures.js';

describe('formatFigure', () => {
  it('prints a figure with its unit to the goal’s own places', () => {
    expect(formatFigure('passwordSignIn', 0.9234)).toBe('0.92×');
    expect(formatFigure('firstVisit', 86.64)).toBe('86.6 KB');
    expect(formatFigure('paint', 0.684)).toBe('0.68 s');
  });

  it('gives a figure that would round to its goal two more places, so a miss never reads as the goal', () => {
    expect(formatFigure('passwordSignIn', 0.89964)).toBe('0.8996×');
    expect(formatFigure('passwordSignIn', 0.9004)).toBe('0.9004×');
    expect(formatFigure('firstVisit', 90.04)).toBe('90.040 KB');
    expect(formatFigure('passwordSignIn', 0.9)).toBe('0.90×');
  });
});
