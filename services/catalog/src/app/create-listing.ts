import { type CallContext, requireRole, withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { insertDraftListing } from '../db/listings';
import { stockProblem, validateListing } from '../domain';
import { checkImagesOwned } from './listing-access';
import { fieldsFromProto, throwIfInvalid } from './listing-fields';
import { syncBrand } from './supplier-brand';
import { toListingView } from './views';

/** Create a draft from whatever the editor's first step holds; it is checked in full on publish. */
export async function createListing(deps: CatalogDeps, ctx: CallContext, req: catalog.CreateListingRequest): Promise<catalog.CreateListingResponse> {
  const caller = requireRole(ctx, 'supplier');
  const fields = fieldsFromProto(req.fields);
  const errors = validateListing(fields, 'draft');
  const stock = stockProblem(req.stockQuantity);
  if (stock) errors.stockQuantity = stock;
  throwIfInvalid(errors);
  const supplier = await deps.directory.currentSupplier(ctx);
  const row = await withTransaction(deps.db, async (trx) => {
    await checkImagesOwned(trx, caller.userId, fields.imageIds);
    await syncBrand(trx, supplier);
    return insertDraftListing(trx, {
      authorId: caller.userId,
      listingType: fields.listingType === 'service' ? 'service' : 'product',
      fields,
      brandName: supplier.brandName,
      stockQuantity: req.stockQuantity,
    });
  });
  return { listing: await toListingView(deps.db, row) };
}
