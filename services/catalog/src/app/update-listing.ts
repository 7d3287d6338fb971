import { AppError, type CallContext, invalidParams, requireRole, withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { isUpdatableField, stateAfterEdit } from '../domain/listing';
import type { CatalogDeps } from './deps';
import { changeStock, stockChangeProblems } from './set-stock';
import { fieldsFromRow, saveListingFields } from '../db/listings';
import { validateListing, type ListingFieldsInput } from '../domain';
import { changedFields, fieldsFromProto, throwIfInvalid } from './listing-fields';
import { checkImagesOwned, loadOwnListing } from './listing-access';
import { listingPendingEvent, listingUpdatedEvent } from './listing-events';
import { syncBrand } from './supplier-brand';
import { toListingView } from './views';

/**
 * Change the fields named in the update mask. A draft may stay incomplete; a listing buyers can
 * see (or is waiting for approval) must stay publishable after the change. A supplier without the
 * published flag sends an edited published or closed listing back to the operator
 * (pendingApproval, docs/decisions/015). Only fields whose values really change count: an update
 * that changes nothing (the editor sends unchanged fields back) answers the listing as it is, with
 * no state change, no event and no version bump. Writes catalog.listing.updated in the same
 * transaction, naming the fields that changed.
 */
export async function updateListing(deps: CatalogDeps, ctx: CallContext, req: catalog.UpdateListingRequest): Promise<catalog.UpdateListingResponse> {
  const caller = requireRole(ctx, 'supplier');
  const bad = req.updateMask.filter((name) => !isUpdatableField(name));
  if (bad.length > 0) throw invalidParams(Object.fromEntries(bad.map((name) => [name, 'validation.notUpdatable'])));
  const stock = req.stock;
  if (req.updateMask.length === 0 && !stock) throw invalidParams({ _: 'validation.nothingToUpdate' });
  if (stock) {
    const problems = stockChangeProblems(stock);
    const problem = problems.newTotal ?? problems.oldTotal;
    if (problem) throw invalidParams({ stock: problem });
  }
  const supplier = await deps.directory.currentSupplier(ctx);
  const given = fieldsFromProto(req.fields);
  const row = await withTransaction(deps.db, async (trx) => {
    const current = await loadOwnListing(trx, caller, req.id, true);
    if (req.expectedVersion > 0 && current.version !== req.expectedVersion) {
      throw new AppError('transaction-invalid-transition', { reason: 'version-mismatch', version: current.version });
    }
    const before = fieldsFromRow(current);
    const next: ListingFieldsInput = { ...before };
    const target = next as unknown as Record<string, unknown>;
    for (const name of req.updateMask) target[name] = (given as unknown as Record<string, unknown>)[name];
    const changed = changedFields(before, next, req.updateMask);
    // Fields and stock are one save: an old-total-mismatch rolls the field changes back too.
    if (changed.length === 0) return stock ? changeStock(trx, deps, current, stock, 'stock') : current;
    throwIfInvalid(validateListing(next, current.state === 'draft' ? 'draft' : 'publish'));
    const newImages = next.imageIds.filter((id) => !before.imageIds.includes(id));
    await checkImagesOwned(trx, caller.userId, newImages);
    await syncBrand(trx, supplier);
    const state = stateAfterEdit(current.state, supplier.published);
    // The row is locked: its state cannot have moved on since it was read.
    const updated = await saveListingFields(trx, current, { fields: next, state, brandName: supplier.brandName, now: deps.now() });
    if (!updated) throw new Error(`listing ${current.id} changed state under its lock`);
    await listingUpdatedEvent(trx, updated, { changedFields: changed });
    if (state !== current.state) await listingPendingEvent(trx, updated);
    return stock ? changeStock(trx, deps, updated, stock, 'stock') : updated;
  });
  deps.eventsWritten();
  return { listing: await toListingView(deps.db, row) };
}
