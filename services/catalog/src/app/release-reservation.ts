import { AppError, withTransaction, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { checkReservationId } from '../domain/reservations';
import { findReservationForUpdate, insertReleasedMarker } from '../db/reservations';
import type { CatalogDeps } from './deps';
import { lockReservation, releaseLocked, requireReserver, reservationOwner } from './reservations';
import { toReservation } from './views';

/**
 * Give a checkout's held units back (it failed, expired or was canceled before it was paid).
 * Idempotent: a second release changes nothing. Two refusals keep stock from being given back twice
 * or too early (docs/decisions/079):
 * - a committed reservation is a purchased order's stock: it is refused (409
 *   transaction-invalid-transition, reason reservation-committed); a canceled order's units come
 *   back once through RestockQuantity, keyed by the order;
 * - an id never reserved is recorded released (no lines), so a reserve still on its way (it timed
 *   out for the caller) finds it released and takes nothing.
 */
export async function releaseReservation(deps: CatalogDeps, ctx: CallContext, req: catalog.ReleaseReservationRequest): Promise<catalog.ReleaseReservationResponse> {
  requireReserver(ctx);
  checkReservationId(req.reservationId);
  const owner = reservationOwner(ctx);
  const row = await withTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const found = await findReservationForUpdate(trx, req.reservationId);
    if (!found) {
      const marker = await insertReleasedMarker(trx, req.reservationId, owner, now);
      if (marker) return marker;
    }
    const locked = found ?? (await lockReservation(trx, req.reservationId, ctx));
    if (locked.owner_id !== owner) throw new AppError('not-found', { resource: 'reservation' });
    if (locked.state === 'committed') throw new AppError('transaction-invalid-transition', { reservationId: locked.id, reservation: 'committed', reason: 'reservation-committed' });
    return releaseLocked(trx, locked, now);
  }, 5);
  deps.eventsWritten();
  return { reservation: toReservation(row) };
}
