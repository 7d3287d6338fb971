import { upsertBrandNames } from '../db/brands';
import { renameBrandOnListings } from '../db/listings';
import type { Trx } from '../db/schema';
import type { SupplierProfile } from '../suppliers/directory';

/**
 * Keep the catalog's copy of the supplier's brand and display name current (identity owns them):
 * refreshed on each listing write, and pushed into the supplier's listings for search. It never
 * touches `hidden`: a write in flight when the supplier's deletion is processed must not show the
 * deleted supplier's brand again (the deletion consumer hides it, creating the row if need be).
 */
export async function syncBrand(trx: Trx, supplier: SupplierProfile): Promise<void> {
  await upsertBrandNames(trx, supplier);
  await renameBrandOnListings(trx, supplier.id, supplier.brandName);
}
