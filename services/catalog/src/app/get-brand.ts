import { AppError, isUuid } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { CatalogDeps } from './deps';
import { findBrandPage } from '../db/brands';
import { toBrands } from './views';

/** A supplier's brand page data (public). */
export async function getBrand(deps: CatalogDeps, req: catalog.GetBrandRequest): Promise<catalog.GetBrandResponse> {
  if (!isUuid(req.id)) throw new AppError('not-found', { resource: 'brand' });
  const row = await findBrandPage(deps.db, req.id);
  if (!row) throw new AppError('not-found', { resource: 'brand' });
  const [brand] = await toBrands(deps.db, [row]);
  return { brand };
}
