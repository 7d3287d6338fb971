import { AppError, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { Selectable } from 'kysely';
import type { StockReservationsTable } from '../db/schema';
import { listingEvent, type Trx } from './shared';
import { StockChanged } from '../events/registry';

export type ReservationRow = Selectable<StockReservationsTable>;

/** Reservations are made by checkout (service-to-service, no user) or on a buyer's behalf. */
export function requireReserver(ctx: CallContext): void {
  if (ctx.caller && ctx.caller.role !== 'buyer') throw new AppError('forbidden', { reason: 'checkout only' });
}

export function toReservation(row: ReservationRow): catalog.Reservation {
  return { id: row.id, state: row.state, lines: row.lines, expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : '' };
}

export const reservationOwner = (ctx: CallContext): string | null => ctx.caller?.userId ?? null;

/** The reservation, locked; only its owner (the same buyer, or the same service context) may touch it. */
export async function lockReservation(trx: Trx, id: string, ctx: CallContext): Promise<ReservationRow> {
  const row = await trx.selectFrom('stock_reservations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row || row.owner_id !== reservationOwner(ctx)) throw new AppError('not-found', { resource: 'reservation' });
  return row;
}

/**
 * Give a locked reservation's units back to each listing (reserved or committed → released), all
 * of them. The stock cannot go above MAX_STOCK: set-stock keeps room for every held unit
 * (docs/decisions/028), and the listings_stock_max CHECK is the last guard. Stock
 * only: listings.version stays as it is.
 */
export async function releaseLocked(trx: Trx, row: ReservationRow, now: Date): Promise<ReservationRow> {
  if (row.state === 'released') return row;
  for (const line of row.lines) {
    const before = await trx.selectFrom('listings').select('stock_quantity').where('id', '=', line.listingId).where('state', '<>', 'deleted').forUpdate().executeTakeFirst();
    if (!before) continue;
    const listing = await trx
      .updateTable('listings')
      .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', line.quantity), updated_at: now }))
      .where('id', '=', line.listingId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (listing.stock_quantity !== before.stock_quantity) {
      await listingEvent(trx, StockChanged, listing, {
        listingId: listing.id, authorId: listing.author_id, oldQuantity: before.stock_quantity,
        newQuantity: listing.stock_quantity, reason: 'released', reservationId: row.id,
      });
    }
  }
  return trx
    .updateTable('stock_reservations')
    .set({ state: 'released', expires_at: null, updated_at: now })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
