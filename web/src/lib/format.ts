/**
 * The one way the page writes dates and money (DESIGN section 6: "dates and money are written with `Intl`
 * in the page's locale"). The page is in English (`<html lang="en">`); days are written day first, as the
 * design quotes them ('on since 3 March'), and amounts the English way in the currency PayPal priced them in.
 * Times are shown in the reader's own time zone.
 */
export const DATE_LOCALE = 'en-GB';
export const MONEY_LOCALE = 'en';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const momentFormats = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) {
  let format = map.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    map.set(locale, format);
  }
  return format;
}

/** A day as people write it: "5 March 2027". */
export function formatDay(iso: string, locale = DATE_LOCALE): string {
  return cached(dayFormats, locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** A moment as people read it: "22 Nov 2026, 08:20". */
export function formatDateTime(iso: string, locale = DATE_LOCALE): string {
  return cached(momentFormats, locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** An amount in its currency: "€12.50", "$16.99", "¥1,000". */
export function formatMoney(amount: string | number, currency: string, locale = MONEY_LOCALE): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
}
