import { AppError, type CallContext } from '@caskade/kit';
import { lockStock, returnStock } from '../db/listings';
import { findReservationForUpdate, markReleased, type ReservationRow } from '../db/reservations';
import type { Trx } from '../db/schema';
import { StockChanged } from '../events/registry';
import { listingEvent } from './listing-events';

/** Reservations are made by checkout (service-to-service, no user) or on a buyer's behalf. */
export function requireReserver(ctx: CallContext): void {
  if (ctx.caller && ctx.caller.role !== 'buyer') throw new AppError('forbidden', { reason: 'checkout only' });
}

export const reservationOwner = (ctx: CallContext): string | null => ctx.caller?.userId ?? null;

/** The reservation, locked; only its owner (the same buyer, or the same service context) may touch it. */
export async function lockReservation(trx: Trx, id: string, ctx: CallContext): Promise<ReservationRow> {
  const row = await findReservationForUpdate(trx, id);
  if (!row || row.owner_id !== reservationOwner(ctx)) throw new AppError('not-found', { resource: 'reservation' });
  return row;
}

/**
 * Give a locked reserved reservation's units back to each listing (reserved → released), all of
 * them (the release RPC refuses a committed one first; the sweeper takes reserved ones only). The stock cannot go above MAX_STOCK: set-stock keeps room for every held unit
 * (docs/decisions/028), and the listings_stock_max CHECK is the last guard. Stock
 * only: listings.version stays as it is.
 */
export async function releaseLocked(trx: Trx, row: ReservationRow, now: Date): Promise<ReservationRow> {
  if (row.state === 'released') return row;
  for (const line of row.lines) {
    const before = await lockStock(trx, line.listingId);
    if (before === undefined) continue;
    const listing = await returnStock(trx, line.listingId, line.quantity, now);
    if (listing.stock_quantity !== before) {
      await listingEvent(trx, StockChanged, listing, {
        listingId: listing.id, authorId: listing.author_id, oldQuantity: before,
        newQuantity: listing.stock_quantity, reason: 'released', reservationId: row.id,
      });
    }
  }
  return markReleased(trx, row.id, now);
}
