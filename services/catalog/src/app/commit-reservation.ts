import { AppError, withTransaction, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { checkReservationId } from '../domain/reservations';
import { commitIfReserved, markCommitted } from '../db/reservations';
import type { CatalogDeps } from './deps';
import { lockReservation, requireReserver, reservationOwner } from './reservations';
import { toReservation } from './views';

/** Make a reservation final (the order is paid): the units stay taken and it no longer expires. Idempotent. */
export async function commitReservation(deps: CatalogDeps, ctx: CallContext, req: catalog.CommitReservationRequest): Promise<catalog.CommitReservationResponse> {
  requireReserver(ctx);
  checkReservationId(req.reservationId);
  // The common case in one statement; anything else (committed already, released, not the caller's) under the row lock below.
  const committed = await commitIfReserved(deps.db, req.reservationId, reservationOwner(ctx), deps.now());
  if (committed) return { reservation: toReservation(committed) };
  const row = await withTransaction(deps.db, async (trx) => {
    const current = await lockReservation(trx, req.reservationId, ctx);
    if (current.state === 'committed') return current;
    if (current.state === 'released') throw new AppError('transaction-invalid-transition', { reservation: 'released' });
    return markCommitted(trx, current.id, deps.now());
  });
  return { reservation: toReservation(row) };
}
