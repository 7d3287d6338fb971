import sharp from 'sharp';
import { AppError, isUuid } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { variantKey, webpVariantKey } from '../images/store';
import type { CatalogDeps } from './deps';
import { IMAGE_VARIANT_NAMES } from '../domain';

/** WebP quality of the copies made from the JPEG variants (about a third smaller at the same look). */
export const WEBP_QUALITY = 78;

/**
 * The bytes of one variant (public: image ids are unguessable and listing photos are public anyway).
 * `format: "webp"` (a browser that accepts it, ADR 067): the WebP copy, made from the JPEG variant on
 * the first ask and kept beside it; should keeping it fail, the copy is still answered.
 */
export async function getImageVariant(deps: CatalogDeps, req: catalog.GetImageVariantRequest): Promise<catalog.GetImageVariantResponse> {
  if (!isUuid(req.imageId) || !IMAGE_VARIANT_NAMES.includes(req.variant)) throw new AppError('not-found', { resource: 'image' });
  const id = req.imageId.toLowerCase();
  if (req.format === 'webp') {
    const kept = await deps.images.get(webpVariantKey(id, req.variant));
    if (kept) return { data: kept, contentType: 'image/webp' };
  }
  const data = await deps.images.get(variantKey(id, req.variant));
  if (!data) throw new AppError('not-found', { resource: 'image' });
  if (req.format !== 'webp') return { data, contentType: 'image/jpeg' };
  const webp = await sharp(data).webp({ quality: WEBP_QUALITY }).toBuffer();
  await deps.images.put(webpVariantKey(id, req.variant), webp, 'image/webp').catch((err: unknown) => deps.logger.warn({ err, imageId: id }, 'webp copy not kept'));
  return { data: webp, contentType: 'image/webp' };
}
