import { randomUUID } from 'node:crypto';
import { requireCaller, type CallContext } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { processImage, type ProcessedImage } from '../images/process';
import { variantKey } from '../images/store';
import { insertImage } from '../db/images';
import type { CatalogDeps } from './deps';
import { toImage } from './views';

/** Store an already processed image for its owner: variants first, then the row; undone if either fails. */
export async function storeImage(deps: CatalogDeps, ownerId: string, image: ProcessedImage): Promise<catalog.Image> {
  const id = randomUUID();
  const written: string[] = [];
  try {
    for (const v of image.variants) {
      const key = variantKey(id, v.name);
      await deps.images.put(key, v.data, 'image/jpeg');
      written.push(key);
    }
    const row = await insertImage(deps.db, {
      id, ownerId, contentType: image.contentType, width: image.width, height: image.height, bytes: image.bytes,
      variants: image.variants.map((v) => ({ name: v.name, width: v.width, height: v.height })),
    });
    return toImage(row);
  } catch (err) {
    await deps.images.delete(written).catch((cleanupErr: unknown) => deps.logger.warn({ err: cleanupErr, imageId: id }, 'could not remove partial image'));
    throw err;
  }
}

/** Upload an image (any signed-in user: listing photos, logos, profile pictures), checked by content. */
export async function uploadImage(deps: CatalogDeps, ctx: CallContext, req: catalog.UploadImageRequest): Promise<catalog.UploadImageResponse> {
  const caller = requireCaller(ctx);
  const processed = await processImage(Buffer.from(req.data));
  const image = await storeImage(deps, caller.userId, processed);
  deps.logger.info({ imageId: image.id, bytes: processed.bytes, type: processed.contentType }, 'image uploaded');
  return { image };
}
