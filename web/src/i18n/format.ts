import { CURRENCY, LOCALE } from '@caskade/kit/rules';

const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const wholeMoneyFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long' });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 });
const countFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** Money is integer cents (AUD). Whole-dollar amounts may drop the cents for headline prices. */
export function formatMoney(cents: number, options: { dropWholeCents?: boolean } = {}): string {
  const dollars = cents / 100;
  if (options.dropWholeCents && Number.isInteger(dollars)) return wholeMoneyFormat.format(dollars);
  return moneyFormat.format(dollars);
}

export const formatDateTime = (value: string | Date): string => dateTimeFormat.format(new Date(value));
export const formatDate = (value: string | Date): string => dateFormat.format(new Date(value));
const zonedDateFormats = new Map<string, Intl.DateTimeFormat>();
/** The date in one named time zone (the same text on the server and in any browser). */
export function formatDateIn(value: string | Date, timeZone: string): string {
  let format = zonedDateFormats.get(timeZone);
  if (!format) zonedDateFormats.set(timeZone, (format = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone })));
  return format.format(new Date(value));
}
/** A whole count with the locale's grouping: 10000000 → "10,000,000". */
export const formatCount = (count: number): string => countFormat.format(count);
/** `rate` as a fraction: 0.045 → "4.5%". */
export const formatPercent = (rate: number): string => percentFormat.format(rate);
