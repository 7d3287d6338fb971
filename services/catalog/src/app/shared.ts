import { AppError, enqueueEvent, invalidParams, type CallContext, type Caller, type EventDefinition } from '@caskade/kit';
import { catalog } from '@caskade/proto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CatalogDB, ListingsTable } from '../db/schema';
import { findDisplayNames, upsertBrandNames } from '../db/brands';
import { countOwnedImages, findImages, type ImageRow } from '../db/images';
import { fieldsFromRow, findListing, renameBrandOnListings } from '../db/listings';
import { isPubliclyVisible } from '../domain/listing';
import type { SupplierProfile } from '../suppliers/directory';
import { ATTRIBUTE_KEYS, createSlug, imageUrl, type ListingAttributes, type ListingFieldsInput } from '../domain';
import { ListingPendingApproval, ListingUpdated } from '../events/registry';
import { isUuid } from '@caskade/kit';

export type ListingRow = Selectable<ListingsTable>;
export type Trx = Transaction<CatalogDB>;
export type Db = Kysely<CatalogDB> | Trx;

export { isUuid };

export const listingNotFound = () => new AppError('not-found', { resource: 'listing' });

export function requireCaller(ctx: CallContext): Caller {
  if (!ctx.caller) throw new AppError('auth-unauthenticated');
  return ctx.caller;
}

export function requireRole(ctx: CallContext, role: Caller['role']): Caller {
  const caller = requireCaller(ctx);
  if (caller.role !== role) throw new AppError('forbidden', { reason: `${role}s only` });
  return caller;
}

/** A listing that is not deleted; optionally locked for the rest of the transaction. */
export async function loadListing(db: Db, id: string, forUpdate = false): Promise<ListingRow> {
  if (!isUuid(id)) throw listingNotFound();
  const row = await findListing(db, id, forUpdate);
  if (!row) throw listingNotFound();
  return row;
}

/**
 * The caller's own listing. Someone else's public listing answers forbidden; someone else's
 * draft or pending listing answers not-found, as if it did not exist.
 */
export async function loadOwnListing(db: Db, caller: Caller, id: string, forUpdate = false): Promise<ListingRow> {
  const row = await loadListing(db, id, forUpdate);
  if (row.author_id !== caller.userId) throw isPubliclyVisible(row.state) ? new AppError('forbidden', { reason: 'not your listing' }) : listingNotFound();
  return row;
}

export function throwIfInvalid(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0) throw invalidParams(errors);
}

// ---- fields: proto ↔ domain ↔ columns --------------------------------------------------------

function cleanAttributes(a: catalog.ListingAttributes | ListingAttributes | undefined): ListingAttributes {
  const out: Record<string, unknown> = {};
  if (!a) return {};
  for (const key of ATTRIBUTE_KEYS) {
    const v = (a as Record<string, unknown>)[key];
    if (typeof v === 'string') {
      if (v.trim()) out[key] = v.trim();
    } else if (typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  return out as ListingAttributes;
}

export function fieldsFromProto(f: catalog.ListingFields | undefined): ListingFieldsInput {
  const src = f ?? catalog.ListingFields.fromPartial({});
  return {
    listingType: src.listingType || 'product',
    title: src.title.trim(),
    description: src.description.trim(),
    category: src.category,
    productType: src.productType,
    style: src.style,
    attributes: cleanAttributes(src.attributes),
    pricePackages: src.pricePackages.map((p) => ({
      packageType: p.packageType, size: p.size, unit: p.unit, quantity: p.quantity, priceCents: p.priceCents, sku: p.sku.trim(),
    })),
    location: src.location
      ? { address: src.location.address.trim(), state: src.location.state, postcode: src.location.postcode.trim(), lat: src.location.lat, lng: src.location.lng }
      : null,
    pickupEnabled: src.pickupEnabled,
    shippingEnabled: src.shippingEnabled,
    visibleStates: src.visibleStates,
    collection: src.collection.trim(),
    rules: src.rules.trim(),
    availability: src.availability.map((a) => ({ dayOfWeek: a.dayOfWeek, seats: a.seats, start: a.start, end: a.end })),
    imageIds: src.imageIds.map((id) => id.toLowerCase()),
  };
}

export function fieldsToProto(f: ListingFieldsInput): catalog.ListingFields {
  return catalog.ListingFields.fromPartial({
    ...f,
    attributes: catalog.ListingAttributes.fromPartial(f.attributes),
    location: f.location ?? undefined,
  });
}

/**
 * The fields among `names` whose values differ between two sets of fields, compared in their
 * normalised wire form (proto JSON: defaults filled in and left out, keys in one order), so a
 * stored JSONB value with reordered keys or a missing default equals what the editor sends back.
 */
export function changedFields(before: ListingFieldsInput, next: ListingFieldsInput, names: readonly string[]): string[] {
  const a = catalog.ListingFields.toJSON(fieldsToProto(before)) as Record<string, unknown>;
  const b = catalog.ListingFields.toJSON(fieldsToProto(next)) as Record<string, unknown>;
  return [...new Set(names)].filter((name) => JSON.stringify(a[name]) !== JSON.stringify(b[name]));
}

/** Every image must be the owner's own upload. */
export async function checkImagesOwned(db: Db, ownerId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (!ids.every(isUuid)) throw invalidParams({ imageIds: 'validation.invalidValue' });
  if ((await countOwnedImages(db, ownerId, ids)) !== new Set(ids).size) throw invalidParams({ imageIds: 'validation.imageNotFound' });
}

// ---- views -----------------------------------------------------------------------------------

export function toImage(row: ImageRow): catalog.Image {
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

export async function toListingView(db: Db, row: ListingRow): Promise<catalog.Listing> {
  const [listing] = await toListings(db, [row]);
  if (!listing) throw listingNotFound();
  return listing;
}

// ---- brands, events ------------------------------------------------------------------

/**
 * Keep the catalog's copy of the supplier's brand and display name current (identity owns them):
 * refreshed on each listing write, and pushed into the supplier's listings for search. It never
 * touches `hidden`: a write in flight when the supplier's deletion is processed must not show the
 * deleted supplier's brand again (the deletion consumer hides it, creating the row if need be).
 */
export async function syncBrand(trx: Trx, supplier: SupplierProfile): Promise<void> {
  await upsertBrandNames(trx, supplier);
  await renameBrandOnListings(trx, supplier.id, supplier.brandName);
}

/** The outbox event of a listing change, in the caller's transaction. */
export async function listingEvent<S extends string, T>(trx: Trx, event: EventDefinition<S, T>, row: ListingRow, data: T): Promise<void> {
  await enqueueEvent(trx, event, { aggregateId: row.id, aggregateVersion: row.version, data });
}

/** catalog.listing.updated for a content change (edit, photo added, duplicate), in the caller's transaction. */
export async function listingUpdatedEvent(
  trx: Trx,
  row: ListingRow,
  change: { changedFields: readonly string[]; sourceListingId?: string },
): Promise<void> {
  await listingEvent(trx, ListingUpdated, row, {
    listingId: row.id,
    authorId: row.author_id,
    state: row.state,
    title: row.title,
    slug: createSlug(row.title),
    priceCents: row.price_cents,
    version: row.version,
    changedFields: [...change.changedFields],
    isDuplicate: change.sourceListingId !== undefined,
    sourceListingId: change.sourceListingId ?? '',
    imageIds: row.image_ids,
  });
}

/** catalog.listing.pending_approval: the listing waits for an operator (published without the flag, or edited since). */
export async function listingPendingEvent(trx: Trx, row: ListingRow): Promise<void> {
  await listingEvent(trx, ListingPendingApproval, row, {
    listingId: row.id, authorId: row.author_id, title: row.title,
  });
}
