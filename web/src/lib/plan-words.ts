import type { Plan, Trial } from '@contract/prices';
import { formatMoney, MONEY_LOCALE } from './format';

/** How plans and trials are said, on /pricing and on the billing page alike. */
const UNIT_WORDS: Record<Plan['interval_unit'], [singular: string, plural: string]> = {
  DAY: ['day', 'days'],
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/** 'per month' for one interval, 'every 2 days' for more; the period comes from PayPal, so any unit may come. */
export function periodInWords(unit: Plan['interval_unit'], count: number): string {
  const [singular, plural] = UNIT_WORDS[unit];
  return count === 1 ? `per ${singular}` : `every ${count} ${plural}`;
}

/** A plan's price with its period: '€12.50 per month', '€1.90 every 2 days'. */
export function priceInWords(plan: Plan, currency: string): string {
  return `${formatPrice(plan.price, currency)} ${periodInWords(plan.interval_unit, plan.interval_count)}`;
}

/** A trial in a sentence: 'Free for the first 14 days.', '€1.00 for the first week.' (DESIGN 15). */
export function trialInWords(trial: Trial, currency: string): string {
  const [singular, plural] = UNIT_WORDS[trial.interval_unit];
  const stretch =
    trial.interval_count === 1 ? `the first ${singular}` : `the first ${trial.interval_count} ${plural}`;
  return Number(trial.price) === 0
    ? `Free for ${stretch}.`
    : `${formatPrice(trial.price, currency)} for ${stretch}.`;
}

/** A plan's price, in the currency PayPal priced it in (`lib/format`). */
export const formatPrice = (price: string, currency: string): string => formatMoney(price, currency);

export function currencyName(currency: string, locale = MONEY_LOCALE): string {
  return new Intl.DisplayNames(locale, { type: 'currency' }).of(currency) ?? currency;
}
