/** What a plan price looks like, in the API and in PayPal's replies alike (zod-free). */

/** PayPal's billing intervals. */
export const INTERVAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

/** A decimal string, never negative, e.g. "16.99". */
export const PRICE_PATTERN = /^([0-9]+|[0-9]*\.[0-9]+)$/;
/** ISO 4217, e.g. "EUR". */
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/** Each plan's name where PayPal gives none (DESIGN 15), and where the pages name a held plan by its id. */
export const PLAN_NAMES = { monthly: 'Monthly', weekly: 'Weekly', two_day: 'Two-day' } as const;
