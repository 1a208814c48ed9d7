import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatMoney } from './format';

describe('formatDay', () => {
  it('writes the day first, the month in words', () => {
    expect(formatDay('2027-03-05T12:00:00.000Z')).toBe('5 March 2027');
  });
});

describe('formatDateTime', () => {
  it('writes a short month and the time, in the same order as days', () => {
    expect(formatDateTime('2026-01-04T10:30:00.000Z')).toMatch(/^4 Jan 2026, \d\d:\d\d$/);
  });
  it('keeps a format per locale', () => {
    expect(formatDateTime('2026-01-04T10:30:00.000Z', 'en-US')).toMatch(/^Jan 4, 2026, \d\d?:\d\d\s?[AP]M$/);
    expect(formatDateTime('2026-01-04T10:30:00.000Z')).toMatch(/^4 Jan 2026/);
  });
});

describe('formatMoney', () => {
  it('writes an amount the English way in its own currency', () => {
    expect(formatMoney('16.99', 'USD')).toBe('$16.99');
    expect(formatMoney('12.5', 'EUR')).toBe('€12.50');
    expect(formatMoney(1000, 'JPY')).toBe('¥1,000');
    expect(formatMoney('4.75', 'GBP')).toBe('£4.75');
  });
});
