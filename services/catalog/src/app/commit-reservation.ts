import { AppError, withTransaction, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { checkReservationId } from '../domain/reservations';
import { markCommitted } from '../db/reservations';
import type { CatalogDeps } from './deps';
import { lockReservation, requireReserver } from './reservations';
import { toReservation } from './views';

/** Make a reservation final (the order is paid): the units stay taken and it no longer expires. Idempotent. */
export async function commitReservation(deps: CatalogDeps, ctx: CallContext, req: catalog.CommitReservationRequest): Promise<catalog.CommitReservationResponse> {
  requireReserver(ctx);
  checkReservationId(req.reservationId);
  const row = await withTransaction(deps.db, async (trx) => {
    const current = await lockReservation(trx, req.reservationId, ctx);
    if (current.state === 'committed') return current;
    if (current.state === 'released') throw new AppError('transaction-invalid-transition', { reservation: 'released' });
    return markCommitted(trx, current.id, deps.now());
  });
  return { reservation: toReservation(row) };
}
