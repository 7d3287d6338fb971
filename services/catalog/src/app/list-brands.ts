import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { listBrandPagesWithListings } from '../db/brands';
import { toBrands } from './views';

/** Every brand with at least one published listing, by name (the brand filter and featured suppliers). */
export async function listBrands(deps: CatalogDeps): Promise<catalog.ListBrandsResponse> {
  const rows = await listBrandPagesWithListings(deps.db);
  return { brands: await toBrands(deps.db, rows) };
}
