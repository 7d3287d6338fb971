import { AppError, invalidParams, withTransaction, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { checkReservationId, normaliseLines, reservationTtlSeconds, sameLines } from '../domain/reservations';
import { findStock, takeStock } from '../db/listings';
import { claimReservation, extendReservation, findReservation } from '../db/reservations';
import type { CatalogDeps } from './deps';
import { StockChanged } from '../events/registry';
import { requireReserver, reservationOwner } from './reservations';
import { toReservation } from './views';
import { listingEvent } from './listing-events';

/**
 * Reserve every line or none (docs/decisions/010). Each line is one conditional decrement,
 * `SET stock = stock - n WHERE stock >= n AND state = 'published'`: row locks serialise
 * concurrent reservers and each re-checks the condition on the latest stock, so stock is never
 * oversold. Idempotent: a retry with the same id and lines answers the existing reservation
 * while it holds stock (reserved or committed), taking nothing more; a reserved one is then held
 * until the later of its expiry and the retry's (the checkout keeps its stock while a direct debit
 * clears or a bank transfer is awaited). Once released (given back, or expired by the sweeper) the
 * retry answers 409 transaction-invalid-transition, as it holds nothing. Stock is not
 * content: listings.version (the editor's expectedVersion) is left alone (docs/decisions/015).
 */
export async function reserveStock(deps: CatalogDeps, ctx: CallContext, req: catalog.ReserveStockRequest): Promise<catalog.ReserveStockResponse> {
  requireReserver(ctx);
  checkReservationId(req.reservationId);
  const lines = normaliseLines(req.lines);
  const row = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const expiresAt = new Date(now.getTime() + reservationTtlSeconds(req.ttlSeconds || deps.reservationTtlSeconds) * 1000);
    // Claim the id first: a concurrent reserve with the same id waits here, then finds this one.
    const claimed = await claimReservation(trx, { id: req.reservationId, lines, ownerId: reservationOwner(ctx), expiresAt });
    if (!claimed) {
      const existing = await findReservation(trx, req.reservationId);
      if (!existing) throw new Error(`reservation ${req.reservationId} neither inserted nor found`);
      if (existing.owner_id !== reservationOwner(ctx)) throw invalidParams({ reservationId: 'validation.reservationIdReused' });
      // Released first (by its checkout, even before this reserve arrived: a marker with no lines): nothing to hold.
      if (existing.state === 'released') throw released(existing.id);
      if (!sameLines(existing.lines, lines)) throw invalidParams({ reservationId: 'validation.reservationIdReused' });
      if (existing.state !== 'reserved') return existing;
      // Asked again while it holds stock: held at least until the new expiry (a checkout whose payment takes longer keeps its stock).
      const extended = await extendReservation(trx, existing.id, expiresAt, now);
      if (extended) return extended;
      const after = await findReservation(trx, req.reservationId);
      if (!after || after.state === 'released') throw released(existing.id);
      return after;
    }
    for (const line of lines) {
      const listing = await takeStock(trx, line.listingId, line.quantity, now);
      if (!listing) {
        const found = await findStock(trx, line.listingId);
        if (!found || found.state !== 'published') throw new AppError('transaction-listing-not-found', { listingId: line.listingId });
        throw new AppError('transaction-listing-insufficient-stock', { listingId: line.listingId, requested: line.quantity, available: found.stock_quantity });
      }
      await listingEvent(trx, StockChanged, listing, {
        listingId: listing.id, authorId: listing.author_id, oldQuantity: listing.stock_quantity + line.quantity,
        newQuantity: listing.stock_quantity, reason: 'reserved', reservationId: req.reservationId,
      });
    }
    return claimed;
  }, 5);
  deps.eventsWritten();
  return { reservation: toReservation(row) };
}

const released = (reservationId: string): AppError =>
  new AppError('transaction-invalid-transition', { reservationId, reservation: 'released', reason: 'reservation-released' });
