import { invalidParams, TEXTAREA_MAX, withTransaction, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { brandQuery, toBrands } from './brands';
import { checkImagesOwned, requireRole, syncBrand } from './shared';
import { validateCollections } from '../domain';

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
  const imageColumn = (id: string | undefined) => (id === undefined ? {} : { value: id === '' ? null : id.toLowerCase() });
  await withTransaction(deps.db, async (trx) => {
    await checkImagesOwned(trx, caller.userId, imageIds.map((id) => id.toLowerCase()));
    await syncBrand(trx, supplier);
    const logo = imageColumn(req.logoImageId);
    const header = imageColumn(req.headerImageId);
    const profile = imageColumn(req.profileImageId);
    await trx
      .updateTable('brands')
      .set({
        ...(req.description !== undefined ? { description: req.description.trim() } : {}),
        ...(req.deliveryNotes !== undefined ? { delivery_notes: req.deliveryNotes.trim() } : {}),
        ...(req.discountNotes !== undefined ? { discount_notes: req.discountNotes.trim() } : {}),
        ...(req.setCollections ? { collections: JSON.stringify(collections) } : {}),
        ...('value' in logo ? { logo_image_id: logo.value } : {}),
        ...('value' in header ? { header_image_id: header.value } : {}),
        ...('value' in profile ? { profile_image_id: profile.value } : {}),
        updated_at: deps.now(),
      })
      .where('id', '=', caller.userId)
      .execute();
  });
  const row = await brandQuery(deps.db).where('b.id', '=', caller.userId).executeTakeFirstOrThrow();
  const [brand] = await toBrands(deps.db, [row]);
  return { brand };
}
