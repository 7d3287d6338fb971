import { AppError, type CallContext, invalidParams, requireRole, TEXTAREA_MAX, withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { findBrandPage, updateBrandPage } from '../db/brands';
import { validateCollections } from '../domain';
import { toBrands } from './views';
import { checkImagesOwned } from './listing-access';
import { syncBrand } from './supplier-brand';

/** The calling supplier's brand page: description, notes, collections (≤ 4, unique) and images (their own uploads). */
export async function updateOwnBrand(deps: CatalogDeps, ctx: CallContext, req: catalog.UpdateOwnBrandRequest): Promise<catalog.UpdateOwnBrandResponse> {
  const caller = requireRole(ctx, 'supplier');
  const errors: Record<string, string> = {};
  for (const key of ['description', 'deliveryNotes', 'discountNotes'] as const) {
    if ((req[key] ?? '').length > TEXTAREA_MAX) errors[key] = 'validation.tooLong';
  }
  const collections = req.collections.map((c) => c.trim());
  if (req.setCollections) {
    const problem = validateCollections(collections);
    if (problem) errors.collections = problem;
  }
  if (Object.keys(errors).length > 0) throw invalidParams(errors);
  const imageIds = [req.logoImageId, req.headerImageId, req.profileImageId].filter((id): id is string => Boolean(id));
  const supplier = await deps.directory.currentSupplier(ctx);
  // An image id left out keeps the image; an empty one removes it.
  const image = (id: string | undefined) => (id === undefined ? undefined : id === '' ? null : id.toLowerCase());
  await withTransaction(deps.db, async (trx) => {
    await checkImagesOwned(trx, caller.userId, imageIds.map((id) => id.toLowerCase()));
    await syncBrand(trx, supplier);
    await updateBrandPage(trx, caller.userId, {
      description: req.description?.trim(),
      deliveryNotes: req.deliveryNotes?.trim(),
      discountNotes: req.discountNotes?.trim(),
      collections: req.setCollections ? collections : undefined,
      logoImageId: image(req.logoImageId),
      headerImageId: image(req.headerImageId),
      profileImageId: image(req.profileImageId),
    }, deps.now());
  });
  // The supplier's names (synced above) show on their listings: cached pages are dropped.
  deps.readCache.invalidate();
  const row = await findBrandPage(deps.db, caller.userId);
  if (!row) throw new AppError('not-found', { resource: 'brand' });
  const [brand] = await toBrands(deps.db, [row]);
  return { brand };
}
