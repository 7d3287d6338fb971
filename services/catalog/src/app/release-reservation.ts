import { withTransaction, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { checkReservationId } from '../domain/reservations';
import type { CatalogDeps } from './deps';
import { lockReservation, releaseLocked, requireReserver } from './reservations';
import { toReservation } from './views';

/** Give the units back (checkout failed, or the order was cancelled). Idempotent: a second release changes nothing. */
export async function releaseReservation(deps: CatalogDeps, ctx: CallContext, req: catalog.ReleaseReservationRequest): Promise<catalog.ReleaseReservationResponse> {
  requireReserver(ctx);
  checkReservationId(req.reservationId);
  const row = await withTransaction(deps.db, async (trx) => releaseLocked(trx, await lockReservation(trx, req.reservationId, ctx), deps.now()));
  deps.eventsWritten();
  return { reservation: toReservation(row) };
}
