import { invalidParams, MAX_LISTING_IMAGES, withTransaction, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { checkImagesOwned, loadOwnListing, requireRole, toListingView } from './shared';

/** Append one of the caller's uploads to the listing's photos (adding the same one twice is a no-op). */
export async function addListingImage(deps: CatalogDeps, ctx: CallContext, req: catalog.AddListingImageRequest): Promise<catalog.AddListingImageResponse> {
  const caller = requireRole(ctx, 'supplier');
  const imageId = req.imageId.toLowerCase();
  const row = await withTransaction(deps.db, async (trx) => {
    const current = await loadOwnListing(trx, caller, req.id, true);
    await checkImagesOwned(trx, caller.userId, [imageId]);
    if (current.image_ids.includes(imageId)) return current;
    if (current.image_ids.length >= MAX_LISTING_IMAGES) throw invalidParams({ imageIds: 'validation.tooLong' });
    return trx
      .updateTable('listings')
      .set((eb) => ({ image_ids: [...current.image_ids, imageId], updated_at: deps.now(), version: eb('version', '+', 1) }))
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { listing: await toListingView(deps.db, row) };
}
