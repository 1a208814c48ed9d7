import { describe, expect, it } from 'vitest';
import { planName } from './plan-names';
import { currencyName, formatPrice, periodInWords, trialInWords } from './plan-words';

describe('periodInWords', () => {
  it("says 'per' for one interval and 'every N' for more", () => {
    expect(periodInWords('MONTH', 1)).toBe('per month');
    expect(periodInWords('WEEK', 1)).toBe('per week');
    expect(periodInWords('DAY', 2)).toBe('every 2 days');
    expect(periodInWords('DAY', 1)).toBe('per day');
    expect(periodInWords('MONTH', 3)).toBe('every 3 months');
    expect(periodInWords('YEAR', 1)).toBe('per year');
  });
});

describe('trialInWords', () => {
  it('says how long the trial lasts, and that it is free or what it costs in all', () => {
    expect(trialInWords({ interval_unit: 'DAY', interval_count: 14, price: '0' }, 'EUR')).toBe(
      'Free for the first 14 days.',
    );
    expect(trialInWords({ interval_unit: 'WEEK', interval_count: 1, price: '0.00' }, 'EUR')).toBe(
      'Free for the first week.',
    );
    expect(trialInWords({ interval_unit: 'WEEK', interval_count: 1, price: '1.00' }, 'EUR')).toBe(
      '€1.00 for the first week.',
    );
    expect(trialInWords({ interval_unit: 'MONTH', interval_count: 3, price: '15' }, 'USD')).toBe(
      '$15.00 for the first 3 months.',
    );
  });
});

describe('formatPrice', () => {
  it('writes the amount in its own currency', () => {
    expect(formatPrice('16.99', 'USD')).toBe('$16.99');
    expect(formatPrice('12.5', 'EUR')).toBe('€12.50');
    expect(formatPrice('1000', 'JPY')).toBe('¥1,000');
    expect(formatPrice('4.75', 'GBP')).toBe('£4.75');
  });
});

describe('names', () => {
  it('names the plans and the currency in words', () => {
    expect([planName('monthly'), planName('weekly'), planName('two_day')]).toEqual([
      'Monthly',
      'Weekly',
      'Two-day',
    ]);
    expect(currencyName('EUR')).toBe('Euro');
    expect(currencyName('USD')).toBe('US Dollar');
  });
});
