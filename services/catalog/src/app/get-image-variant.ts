import { AppError, isUuid } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { variantKey } from '../images/store';
import type { CatalogDeps } from './deps';
import { IMAGE_VARIANT_NAMES } from '../domain';

/** The bytes of one variant (public: image ids are unguessable and listing photos are public anyway). */
export async function getImageVariant(deps: CatalogDeps, req: catalog.GetImageVariantRequest): Promise<catalog.GetImageVariantResponse> {
  if (!isUuid(req.imageId) || !IMAGE_VARIANT_NAMES.includes(req.variant)) throw new AppError('not-found', { resource: 'image' });
  const data = await deps.images.get(variantKey(req.imageId.toLowerCase(), req.variant));
  if (!data) throw new AppError('not-found', { resource: 'image' });
  return { data, contentType: 'image/jpeg' };
}
