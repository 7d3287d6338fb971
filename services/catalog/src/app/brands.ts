import type { catalog } from '@caskade/proto';
import type { Selectable } from 'kysely';
import type { BrandsTable } from '../db/schema';
import { loadImages, type Db } from './shared';

export type BrandRow = Selectable<BrandsTable>;

/** Brand rows with their images, as the API shows them. */
export async function toBrands(db: Db, rows: readonly (BrandRow & { published_listings: number })[]): Promise<catalog.Brand[]> {
  const images = await loadImages(db, rows.flatMap((r) => [r.logo_image_id, r.header_image_id, r.profile_image_id].filter((id): id is string => id !== null)));
  const image = (id: string | null) => (id ? images.get(id) : undefined);
  return rows.map((r) => ({
    id: r.id,
    brandName: r.brand_name,
    displayName: r.display_name,
    description: r.description,
    deliveryNotes: r.delivery_notes,
    discountNotes: r.discount_notes,
    collections: r.collections,
    logo: image(r.logo_image_id),
    headerImage: image(r.header_image_id),
    profileImage: image(r.profile_image_id),
    publishedListings: Number(r.published_listings),
  }));
}

/** Brands with their count of published listings; `ids` narrows to those suppliers. */
export function brandQuery(db: Db) {
  return db
    .selectFrom('brands as b')
    .leftJoin('listings as l', (join) => join.onRef('l.author_id', '=', 'b.id').on('l.state', '=', 'published'))
    .selectAll('b')
    .select((eb) => eb.fn.count<number>('l.id').as('published_listings'))
    .where('b.hidden', '=', false)
    .groupBy('b.id');
}
