/** Stock reservation rules (docs/decisions/010). Pure. */
import { invalidParams, isUuid } from '@caskade/kit/rules';
import { MAX_STOCK } from './listing-fields';

/** One line of a stock reservation: so many units of one listing. */
export interface ReservationLineRecord {
  listingId: string;
  quantity: number;
}

export const RESERVATION_ID = /^[A-Za-z0-9_:.-]{8,100}$/;
export const MAX_RESERVATION_LINES = 100;
export const DEFAULT_RESERVATION_TTL_SECONDS = 30 * 60;
export const MAX_RESERVATION_TTL_SECONDS = 7 * 24 * 60 * 60;

export function checkReservationId(id: string): void {
  if (!RESERVATION_ID.test(id)) throw invalidParams({ reservationId: 'validation.invalidValue' });
}

/**
 * Valid lines with one entry per listing (quantities of repeated listings added up), sorted by
 * listing id so concurrent reservations lock rows in the same order and cannot deadlock.
 */
export function normaliseLines(lines: readonly { listingId: string; quantity: number }[]): ReservationLineRecord[] {
  if (lines.length === 0) throw invalidParams({ lines: 'validation.required' });
  if (lines.length > MAX_RESERVATION_LINES) throw invalidParams({ lines: 'validation.tooLong' });
  const totals = new Map<string, number>();
  lines.forEach((line, i) => {
    if (!isUuid(line.listingId)) throw invalidParams({ [`lines.${i}.listingId`]: 'validation.invalidValue' });
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_STOCK) {
      throw invalidParams({ [`lines.${i}.quantity`]: 'validation.quantityInvalid' });
    }
    const id = line.listingId.toLowerCase();
    totals.set(id, (totals.get(id) ?? 0) + line.quantity);
  });
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([listingId, quantity]) => ({ listingId, quantity }));
}

/** A retried reserve must ask for what the first one asked for. */
export function sameLines(a: readonly ReservationLineRecord[], b: readonly ReservationLineRecord[]): boolean {
  return a.length === b.length && a.every((line, i) => line.listingId === b[i]?.listingId && line.quantity === b[i]?.quantity);
}

export function reservationTtlSeconds(requested: number): number {
  if (requested <= 0) return DEFAULT_RESERVATION_TTL_SECONDS;
  return Math.min(requested, MAX_RESERVATION_TTL_SECONDS);
}
