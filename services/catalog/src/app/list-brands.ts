import type { catalog } from '@caskade/proto';
import { sql } from 'kysely';
import type { CatalogDeps } from './deps';
import { brandQuery, toBrands } from './brands';

/** Every brand with at least one published listing, by name (the brand filter and featured suppliers). */
export async function listBrands(deps: CatalogDeps): Promise<catalog.ListBrandsResponse> {
  const rows = await brandQuery(deps.db).having((eb) => eb.fn.count('l.id'), '>', 0).orderBy(sql`lower(b.brand_name)`).limit(1000).execute();
  return { brands: await toBrands(deps.db, rows) };
}
