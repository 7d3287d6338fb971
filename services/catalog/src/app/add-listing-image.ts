import { type CallContext, invalidParams, requireRole, withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { saveListingImages } from '../db/listings';
import type { CatalogDeps } from './deps';
import { stateAfterEdit } from '../domain/listing';
import { MAX_LISTING_IMAGES } from '../domain';
import { checkImagesOwned, loadOwnListing } from './listing-access';
import { listingPendingEvent, listingUpdatedEvent } from './listing-events';
import { toListingView } from './views';

/**
 * Append one of the caller's uploads to the listing's photos (adding the same one twice is a
 * no-op), with catalog.listing.updated in the same transaction; like an edit, it sends a live
 * listing of a supplier without the published flag back for approval (docs/decisions/015).
 */
export async function addListingImage(deps: CatalogDeps, ctx: CallContext, req: catalog.AddListingImageRequest): Promise<catalog.AddListingImageResponse> {
  const caller = requireRole(ctx, 'supplier');
  const imageId = req.imageId.toLowerCase();
  const supplier = await deps.directory.currentSupplier(ctx);
  const row = await withTransaction(deps.db, async (trx) => {
    const current = await loadOwnListing(trx, caller, req.id, true);
    await checkImagesOwned(trx, caller.userId, [imageId]);
    if (current.image_ids.includes(imageId)) return current;
    if (current.image_ids.length >= MAX_LISTING_IMAGES) throw invalidParams({ imageIds: 'validation.tooLong' });
    const state = stateAfterEdit(current.state, supplier.published);
    // The row is locked: its state cannot have moved on since it was read.
    const updated = await saveListingImages(trx, current, { imageIds: [...current.image_ids, imageId], state, now: deps.now() });
    if (!updated) throw new Error(`listing ${current.id} changed state under its lock`);
    await listingUpdatedEvent(trx, updated, { changedFields: ['imageIds'] });
    if (state !== current.state) await listingPendingEvent(trx, updated);
    return updated;
  });
  deps.eventsWritten();
  return { listing: await toListingView(deps.db, row) };
}
