import { type CallContext, requireRole, withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { UPDATABLE_FIELDS } from '../domain/listing';
import type { CatalogDeps } from './deps';
import { fieldsFromRow, insertDraftListing } from '../db/listings';
import { listingUpdatedEvent } from './listing-events';
import { loadOwnListing } from './listing-access';
import { toListingView } from './views';

/**
 * A new draft with the source's fields and images (images are immutable, so they are shared) and
 * stock 0; catalog.listing.updated (isDuplicate, sourceListingId) in the same transaction.
 */
export async function duplicateListing(deps: CatalogDeps, ctx: CallContext, req: catalog.DuplicateListingRequest): Promise<catalog.DuplicateListingResponse> {
  const caller = requireRole(ctx, 'supplier');
  const row = await withTransaction(deps.db, async (trx) => {
    const source = await loadOwnListing(trx, caller, req.id);
    const draft = await insertDraftListing(trx, {
      authorId: caller.userId,
      listingType: source.listing_type,
      fields: fieldsFromRow(source),
      brandName: source.brand_name,
      stockQuantity: 0,
    });
    await listingUpdatedEvent(trx, draft, { changedFields: UPDATABLE_FIELDS, sourceListingId: source.id });
    return draft;
  });
  deps.eventsWritten();
  return { listing: await toListingView(deps.db, row) };
}
