/**
 * What the API shows: listings (with their photos and authors' names), images, brand pages and
 * reservations, mapped from their rows.
 */
import { isUuid } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { findDisplayNames, type BrandPageRow } from '../db/brands';
import { findImages, type ImageRow } from '../db/images';
import { fieldsFromRow, type ListingCardRow, type ListingRow } from '../db/listings';
import type { ReservationRow } from '../db/reservations';
import type { Db } from '../db/schema';
import { CARD_VARIANTS, createSlug, imageUrl } from '../domain';
import { listingNotFound } from './listing-access';
import { fieldsToProto } from './listing-fields';

export function toImage(row: Pick<ImageRow, 'id' | 'variants'>): catalog.Image {
  return { id: row.id, variants: row.variants.map((v) => ({ ...v, url: imageUrl(row.id, v.name) })) };
}

export async function loadImages(db: Db, ids: readonly string[]): Promise<Map<string, catalog.Image>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await findImages(db, wanted);
  return new Map(rows.map((r) => [r.id, toImage(r)]));
}

const iso = (d: Date | null): string => (d ? new Date(d).toISOString() : '');

export function toListing(row: ListingRow, images: Map<string, catalog.Image>, displayName: string, opts: { firstImageOnly?: boolean } = {}): catalog.Listing {
  const imageIds = opts.firstImageOnly ? row.image_ids.slice(0, 1) : row.image_ids;
  return {
    id: row.id,
    slug: createSlug(row.title),
    state: row.state,
    fields: fieldsToProto(fieldsFromRow(row)),
    images: imageIds.map((id) => images.get(id)).filter((i): i is catalog.Image => i !== undefined),
    author: { id: row.author_id, brandName: row.brand_name, displayName },
    priceCents: row.price_cents,
    stockQuantity: row.stock_quantity,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    publishedAt: iso(row.published_at),
    version: row.version,
    rejectionReason: row.rejection_reason,
  };
}

/** Listings with their images and authors' display names, in the order given. */
export async function toListings(db: Db, rows: readonly ListingRow[], opts: { firstImageOnly?: boolean } = {}): Promise<catalog.Listing[]> {
  if (rows.length === 0) return [];
  const imageIds = rows.flatMap((r) => (opts.firstImageOnly ? r.image_ids.slice(0, 1) : r.image_ids));
  const authorIds = [...new Set(rows.map((r) => r.author_id))];
  const [images, names] = await Promise.all([loadImages(db, imageIds), findDisplayNames(db, authorIds)]);
  return rows.map((r) => toListing(r, images, names.get(r.author_id) ?? '', opts));
}

/**
 * Published listings as search cards (docs/decisions/071): the fields a card shows and the card
 * variants of the cover photo (read with the row), in the order given.
 */
export function toListingCards(rows: readonly ListingCardRow[]): catalog.ListingCard[] {
  const cardVariants: readonly string[] = CARD_VARIANTS;
  return rows.map((r) => {
    const cover = r.cover_image_id && r.cover_variants ? toImage({ id: r.cover_image_id, variants: r.cover_variants }) : undefined;
    return {
      id: r.id,
      slug: createSlug(r.title),
      listingType: r.listing_type,
      title: r.title,
      category: r.category,
      collection: r.collection,
      priceCents: r.price_cents,
      packageCount: r.package_count,
      image: cover ? { id: cover.id, variants: cover.variants.filter((v) => cardVariants.includes(v.name)) } : undefined,
      authorId: r.author_id,
      brandName: r.brand_name,
      stockQuantity: r.stock_quantity,
    };
  });
}

export async function toListingView(db: Db, row: ListingRow): Promise<catalog.Listing> {
  const [listing] = await toListings(db, [row]);
  if (!listing) throw listingNotFound();
  return listing;
}

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

export function toReservation(row: ReservationRow): catalog.Reservation {
  return { id: row.id, state: row.state, lines: row.lines, expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : '' };
}
