import { AppError, invalidParams, withTransaction, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { addStock, claimRestock, findRestock } from '../db/restocks';
import { MAX_STOCK } from '../domain';
import { checkReservationId, normaliseLines, sameLines } from '../domain/reservations';
import { StockChanged } from '../events/registry';
import type { CatalogDeps } from './deps';
import { listingEvent } from './listing-events';

/** Restocks are the orders service's side effect of a cancel: a service call, never a user's. */
function requireService(ctx: CallContext): void {
  if (ctx.caller) throw new AppError('forbidden', { reason: 'orders only' });
}

/**
 * Gives a canceled order's bought units back to each listing's current stock (restock-quantity),
 * once per restock id: the id is claimed in the same transaction as the increments, so a retry or
 * a concurrent call with the same id changes nothing and answers applied: false. A listing that is
 * gone (unknown or deleted) — or one whose stock would pass MAX_STOCK — is skipped and logged; the
 * other lines are still restocked. Each increment publishes catalog.stock.changed (reason restocked).
 */
export async function restockQuantity(deps: CatalogDeps, ctx: CallContext, req: catalog.RestockQuantityRequest): Promise<catalog.RestockQuantityResponse> {
  requireService(ctx);
  checkReservationId(req.restockId);
  const lines = normaliseLines(req.lines);
  const now = deps.now();
  const skipped: string[] = [];
  const applied = await withTransaction(deps.db, async (trx) => {
    if (!(await claimRestock(trx, { id: req.restockId, lines, now }))) {
      const first = await findRestock(trx, req.restockId);
      if (first && !sameLines(first.lines, lines)) throw invalidParams({ lines: 'validation.invalidValue' });
      return false;
    }
    // Lines are sorted by listing id, so concurrent restocks lock listings in one order.
    for (const line of lines) {
      const listing = await addStock(trx, line.listingId, { quantity: line.quantity, maxStock: MAX_STOCK, now });
      if (!listing) {
        skipped.push(line.listingId);
        continue;
      }
      await listingEvent(trx, StockChanged, listing, {
        listingId: listing.id, authorId: listing.author_id, oldQuantity: listing.stock_quantity - line.quantity,
        newQuantity: listing.stock_quantity, reason: 'restocked', reservationId: req.restockId,
      });
    }
    return true;
  });
  if (skipped.length > 0) deps.logger.warn({ restockId: req.restockId, listingIds: skipped }, 'restock skipped listings that are gone or full');
  if (applied) deps.eventsWritten();
  return { applied };
}
