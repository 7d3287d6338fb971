/**
 * The images repository: every statement on the images table (uploads and their variant sizes;
 * the variant bytes live in the image store).
 */
import { sql, type Selectable } from 'kysely';
import type { Db, ImagesTable, ImageVariantRecord, Trx } from './schema';

export type ImageRow = Selectable<ImagesTable>;

export interface NewImage {
  id: string;
  ownerId: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  variants: ImageVariantRecord[];
}

export function insertImage(db: Db, image: NewImage): Promise<ImageRow> {
  return db
    .insertInto('images')
    .values({
      id: image.id, owner_id: image.ownerId, content_type: image.contentType, width: image.width, height: image.height, bytes: image.bytes,
      variants: JSON.stringify(image.variants),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The images with these ids (the caller passes well-formed ids). */
export function findImages(db: Db, ids: readonly string[]): Promise<ImageRow[]> {
  return db.selectFrom('images').selectAll().where('id', 'in', [...ids]).execute();
}

/** How many of these (well-formed) ids are uploads of `ownerId`. */
export async function countOwnedImages(db: Db, ownerId: string, ids: readonly string[]): Promise<number> {
  const rows = await db.selectFrom('images').select('id').where('id', 'in', [...ids]).where('owner_id', '=', ownerId).execute();
  return rows.length;
}

/**
 * Up to `batch` images uploaded before `cutoff` that no listing (in any state, deleted ones
 * included) and no brand page refers to, oldest first, locked with SKIP LOCKED so replicas
 * share the work.
 */
export async function claimOrphanImages(trx: Trx, cutoff: Date, batch: number): Promise<{ id: string; variants: { name: string }[] }[]> {
  const { rows } = await sql<{ id: string; variants: { name: string }[] }>`
    select i.id, i.variants from images i
    where i.created_at < ${cutoff}
      and not exists (select 1 from listings l where l.image_ids @> array[i.id])
      and not exists (select 1 from brands b where i.id in (b.logo_image_id, b.header_image_id, b.profile_image_id))
    order by i.created_at
    limit ${batch}
    for update of i skip locked`.execute(trx);
  return rows;
}

export async function deleteImages(trx: Trx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('images').where('id', 'in', [...ids]).execute();
}
