/**
 * Money, cross-cutting: integer cents of AUD everywhere, and the two Australian taxes the
 * marketplace charges (calls-errors-constants §9). One rounding rule for every service and the web:
 * a tax on an integer amount of cents is rounded half up to a whole cent (docs/decisions/018).
 */

/** Goods and services tax. */
export const GST_RATE = 0.1;
/** Wine equalisation tax, on the wholesale value of wine. */
export const WET_RATE = 0.29;

/** A rate of `cents`, rounded half up to a whole cent; cents must be a non-negative safe integer. */
export function taxCents(cents: number, rate: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`amount must be a non-negative integer of cents, got ${cents}`);
  // Integer arithmetic in basis points keeps 0.1 × 5 from landing on 0.49999…
  const basisPoints = Math.round(rate * 10_000);
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

export const gstCents = (exGstCents: number): number => taxCents(exGstCents, GST_RATE);
export const wetCents = (wineValueCents: number): number => taxCents(wineValueCents, WET_RATE);

export interface GstBreakdown {
  exGst: number;
  gst: number;
  incGst: number;
}

/** A GST-exclusive amount with its GST and the GST-inclusive total a buyer pays. */
export function withGst(exGstCents: number): GstBreakdown {
  const gst = gstCents(exGstCents);
  return { exGst: exGstCents, gst, incGst: exGstCents + gst };
}

const audFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Integer cents as en-AU dollars: 123456 → "$1,234.56", -450 → "-$4.50" (documents such as tax invoices). */
export function formatAud(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount must be an integer of cents, got ${cents}`);
  return audFormat.format(cents / 100);
}
