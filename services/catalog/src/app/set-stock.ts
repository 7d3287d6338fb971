import { AppError, type CallContext, invalidParams, requireRole, withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { findStock, setStockIfTotal } from '../db/listings';
import { heldUnits } from '../db/reservations';
import type { CatalogDeps } from './deps';
import { CATALOG_MSG, MAX_STOCK, stockProblem } from '../domain';
import { StockChanged } from '../events/registry';
import { listingEvent } from './listing-events';
import { loadOwnListing } from './listing-access';
import { toListingView } from './views';
import type { ListingRow } from '../db/listings';
import type { Trx } from '../db/schema';

/**
 * Stock compare-and-set: `UPDATE … SET stock = new WHERE stock = old`. A writer whose old total
 * is stale changes nothing and gets old-total-mismatch with the current total; the CHECK
 * constraint keeps stock from ever going below 0. Stock has its own compare-and-set, so it leaves
 * listings.version (the content editor's expectedVersion) alone (docs/decisions/015).
 *
 * The new total leaves room for every unit reservations hold (reserved or committed, either may
 * still be released): newTotal + held ≤ MAX_STOCK, else 400 on newTotal. Reserving and releasing
 * only move units between the stock and the reservations, so a release can never take the stock
 * above MAX_STOCK and no unit is ever dropped (docs/decisions/028).
 */
export async function setStock(deps: CatalogDeps, ctx: CallContext, req: catalog.SetStockRequest): Promise<catalog.SetStockResponse> {
  const caller = requireRole(ctx, 'supplier');
  const errors = stockChangeProblems(req);
  if (Object.keys(errors).length > 0) throw invalidParams(errors);
  const row = await withTransaction(deps.db, async (trx) => {
    // Locked: reservers and releases change the stock under the same row lock, keeping stock + held fixed.
    const current = await loadOwnListing(trx, caller, req.id, true);
    return changeStock(trx, deps, current, req, 'newTotal');
  });
  deps.eventsWritten();
  return { listing: await toListingView(deps.db, row) };
}

/** Each total that is not a whole number of units within the stock bounds, with its message key (none when both are). */
export function stockChangeProblems(change: { oldTotal: number; newTotal: number }): Partial<Record<'oldTotal' | 'newTotal', string>> {
  const oldTotal = stockProblem(change.oldTotal);
  const newTotal = stockProblem(change.newTotal);
  return { ...(oldTotal ? { oldTotal } : {}), ...(newTotal ? { newTotal } : {}) };
}

/**
 * The compare-and-set on a listing row the caller has locked: a stale old total changes nothing and
 * throws old-total-mismatch with the current total (so the transaction around it saves nothing).
 */
export async function changeStock(trx: Trx, deps: Pick<CatalogDeps, 'now'>, current: ListingRow, change: { oldTotal: number; newTotal: number }, field: string): Promise<ListingRow> {
  if (change.newTotal > change.oldTotal && change.newTotal + (await heldUnits(trx, current.id)) > MAX_STOCK) {
    throw invalidParams({ [field]: CATALOG_MSG.stockTooHigh });
  }
  const updated = await setStockIfTotal(trx, current.id, { oldTotal: change.oldTotal, newTotal: change.newTotal, now: deps.now() });
  if (!updated) {
    const now = await findStock(trx, current.id);
    throw new AppError('old-total-mismatch', { currentTotal: now?.stock_quantity ?? current.stock_quantity });
  }
  if (change.oldTotal !== change.newTotal) {
    await listingEvent(trx, StockChanged, updated, {
      listingId: updated.id, authorId: updated.author_id, oldQuantity: change.oldTotal, newQuantity: change.newTotal, reason: 'set', reservationId: '',
    });
  }
  return updated;
}
