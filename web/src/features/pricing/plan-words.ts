import type { Plan } from '@contract/prices';

const UNIT_WORDS: Record<Plan['interval_unit'], [singular: string, plural: string]> = {
  DAY: ['day', 'days'],
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

export { planName } from '@/lib/plan-names';

/** 'per month' for one interval, 'every 2 days' for more; the period comes from PayPal, so any unit may come. */
export function periodInWords(unit: Plan['interval_unit'], count: number): string {
  const [singular, plural] = UNIT_WORDS[unit];
  return count === 1 ? `per ${singular}` : `every ${count} ${plural}`;
}

/** The page is in English, so amounts are written the English way, in the currency PayPal priced them in. */
export function formatPrice(price: string, currency: string, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(price));
}

export function currencyName(currency: string, locale = 'en'): string {
  return new Intl.DisplayNames(locale, { type: 'currency' }).of(currency) ?? currency;
}
