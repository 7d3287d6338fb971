import { PollLoop } from '@caskade/kit';
import { claimOrphanImages, deleteImages } from '../db/images';
import { variantKey, webpVariantKey } from '../images/store';
import type { CatalogDeps } from './deps';

/** An upload no listing or brand page uses after this long is removed (a wizard left half-way, a replaced logo). */
export const ORPHAN_IMAGE_AGE_MS = 24 * 60 * 60_000;

/**
 * Remove images older than ORPHAN_IMAGE_AGE_MS that no listing (in any state, deleted ones
 * included, so nothing a history shows loses its photo) and no brand page refers to: the rows in
 * one transaction, claimed with SKIP LOCKED so replicas share the work, then their stored variants.
 * A variant that cannot be deleted is logged; the row is gone, so it is never served again.
 */
export async function removeOrphanImages(deps: CatalogDeps, batch = 100): Promise<{ removed: number; more: boolean }> {
  const cutoff = new Date(deps.now().getTime() - ORPHAN_IMAGE_AGE_MS);
  const removed = await deps.db.transaction().execute(async (trx) => {
    const rows = await claimOrphanImages(trx, cutoff, batch);
    await deleteImages(trx, rows.map((r) => r.id));
    return rows;
  });
  if (removed.length > 0) {
    const keys = removed.flatMap((r) => r.variants.flatMap((v) => [variantKey(r.id, v.name), webpVariantKey(r.id, v.name)]));
    await deps.images.delete(keys).catch((err: unknown) => deps.logger.warn({ err, images: removed.length }, 'orphan image files not removed'));
    deps.logger.info({ images: removed.length }, 'orphan images removed');
  }
  return { removed: removed.length, more: removed.length === batch };
}

/** Hourly, on every replica (each row is taken by one of them). */
export function startOrphanImageSweeper(deps: CatalogDeps, everyMs = 60 * 60_000): { stop(): Promise<void> } {
  const loop = new PollLoop({ name: 'orphan image sweep', logger: deps.logger, pollMs: everyMs, pass: () => removeOrphanImages(deps) });
  loop.start();
  return loop;
}
