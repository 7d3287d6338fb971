import type { catalog } from '@caskade/proto';
import type { BrandPageRow } from '../db/brands';
import type { Db } from '../db/schema';
import { loadImages } from './shared';

/** Brand rows with their images, as the API shows them. */
export async function toBrands(db: Db, rows: readonly BrandPageRow[]): Promise<catalog.Brand[]> {
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
