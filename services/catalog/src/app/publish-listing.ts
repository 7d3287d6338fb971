import { type CallContext, requireRole, withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { fieldsFromRow } from '../db/listings';
import { applyListingTransition } from './transition-listing';
import { validateListing } from '../domain';
import { loadOwnListing } from './listing-access';
import { syncBrand } from './supplier-brand';
import { throwIfInvalid } from './listing-fields';
import { toListingView } from './views';

/**
 * Publish a complete draft: straight to published when the supplier's published flag (held by
 * identity) is set, otherwise to pendingApproval for an operator. (Photos were checked to be the
 * supplier's own when they were attached.)
 */
export async function publishListing(deps: CatalogDeps, ctx: CallContext, req: catalog.PublishListingRequest): Promise<catalog.PublishListingResponse> {
  const caller = requireRole(ctx, 'supplier');
  const supplier = await deps.directory.currentSupplier(ctx);
  const row = await withTransaction(deps.db, async (trx) => {
    const current = await loadOwnListing(trx, caller, req.id, true);
    const fields = fieldsFromRow(current);
    throwIfInvalid(validateListing(fields, 'publish'));
    await syncBrand(trx, supplier);
    return applyListingTransition(trx, deps, { ...current, brand_name: supplier.brandName }, 'publish', { publishDirectly: supplier.published });
  });
  deps.eventsWritten();
  return { listing: await toListingView(deps.db, row) };
}
