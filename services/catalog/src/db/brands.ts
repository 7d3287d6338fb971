/**
 * The brands repository: every statement on the brands table, the catalog's copy of each
 * supplier's brand page (names from identity, the page's text and images from the supplier).
 */
import { sql, type Selectable } from 'kysely';
import type { BrandsTable, Db, Trx } from './schema';

export type BrandRow = Selectable<BrandsTable>;
/** A brand with its count of published listings. */
export type BrandPageRow = BrandRow & { published_listings: number };

/** What a supplier may change on their brand page; an absent field stays as it is, a null image is removed. */
export interface BrandPagePatch {
  description?: string;
  deliveryNotes?: string;
  discountNotes?: string;
  collections?: string[];
  logoImageId?: string | null;
  headerImageId?: string | null;
  profileImageId?: string | null;
}

/** Brands that are not hidden, with their count of published listings. */
function brandPages(db: Db) {
  return db
    .selectFrom('brands as b')
    .leftJoin('listings as l', (join) => join.onRef('l.author_id', '=', 'b.id').on('l.state', '=', 'published'))
    .selectAll('b')
    .select((eb) => eb.fn.count<number>('l.id').as('published_listings'))
    .where('b.hidden', '=', false)
    .groupBy('b.id');
}

/** One brand page; undefined when there is none or it is hidden. */
export function findBrandPage(db: Db, id: string): Promise<BrandPageRow | undefined> {
  return brandPages(db).where('b.id', '=', id).executeTakeFirst();
}

/** Every visible brand with at least one published listing, by name (at most 1000). */
export function listBrandPagesWithListings(db: Db): Promise<BrandPageRow[]> {
  return brandPages(db).having((eb) => eb.fn.count('l.id'), '>', 0).orderBy(sql`lower(b.brand_name)`).limit(1000).execute();
}

/**
 * Creates the brand with the supplier's names, or updates the names when they changed. It never
 * touches `hidden`: a write in flight when the supplier's deletion is processed must not show the
 * deleted supplier's brand again.
 */
export async function upsertBrandNames(trx: Trx, supplier: { id: string; brandName: string; displayName: string }): Promise<void> {
  await trx
    .insertInto('brands')
    .values({
      id: supplier.id, brand_name: supplier.brandName, display_name: supplier.displayName, description: '', delivery_notes: '',
      discount_notes: '', collections: '[]', logo_image_id: null, header_image_id: null, profile_image_id: null,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ brand_name: supplier.brandName, display_name: supplier.displayName }).where((eb) =>
        eb.or([eb('brands.brand_name', '<>', supplier.brandName), eb('brands.display_name', '<>', supplier.displayName)]),
      ),
    )
    .execute();
}

/**
 * Identity's names of the supplier as of profile `version`, applied only when newer than the ones
 * applied before (an older event delivered late changes nothing); true when applied.
 */
export async function applyIdentityNames(trx: Trx, id: string, names: { brandName: string; displayName: string; version: number; now: Date }): Promise<boolean> {
  const applied = await trx
    .updateTable('brands')
    .set({ brand_name: names.brandName, display_name: names.displayName, identity_version: names.version, updated_at: names.now })
    .where('id', '=', id)
    .where('identity_version', '<', names.version)
    .executeTakeFirst();
  return applied.numUpdatedRows > 0n;
}

/** The page fields given in `patch`. */
export async function updateBrandPage(trx: Trx, id: string, patch: BrandPagePatch, now: Date): Promise<void> {
  await trx
    .updateTable('brands')
    .set({
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.deliveryNotes !== undefined ? { delivery_notes: patch.deliveryNotes } : {}),
      ...(patch.discountNotes !== undefined ? { discount_notes: patch.discountNotes } : {}),
      ...(patch.collections !== undefined ? { collections: JSON.stringify(patch.collections) } : {}),
      ...(patch.logoImageId !== undefined ? { logo_image_id: patch.logoImageId } : {}),
      ...(patch.headerImageId !== undefined ? { header_image_id: patch.headerImageId } : {}),
      ...(patch.profileImageId !== undefined ? { profile_image_id: patch.profileImageId } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export interface NewBrand {
  id: string;
  brandName: string;
  displayName: string;
  description: string;
  deliveryNotes: string;
  discountNotes: string;
  collections: string[];
  logoImageId: string | null;
  headerImageId: string | null;
}

/** A demo brand, unless one with its id exists. */
export async function insertBrandUnlessPresent(trx: Trx, brand: NewBrand): Promise<void> {
  await trx
    .insertInto('brands')
    .values({
      id: brand.id, brand_name: brand.brandName, display_name: brand.displayName, description: brand.description, delivery_notes: brand.deliveryNotes,
      discount_notes: brand.discountNotes, collections: JSON.stringify(brand.collections), logo_image_id: brand.logoImageId,
      header_image_id: brand.headerImageId, profile_image_id: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Whether the supplier's brand exists and is not hidden, read under a share lock (a withdrawal waits for the caller's transaction). */
export async function isBrandActive(trx: Trx, id: string): Promise<boolean> {
  const brand = await trx.selectFrom('brands').select('hidden').where('id', '=', id).forShare().executeTakeFirst();
  return brand !== undefined && !brand.hidden;
}

/** Hides the brand for good, creating a hidden row when the supplier has none yet. */
export async function hideBrand(trx: Trx, id: string): Promise<void> {
  await trx
    .insertInto('brands')
    .values({
      id, brand_name: '', display_name: '', description: '', delivery_notes: '', discount_notes: '', collections: '[]',
      logo_image_id: null, header_image_id: null, profile_image_id: null, hidden: true,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ hidden: true }))
    .execute();
}

export async function unhideBrand(db: Db, id: string): Promise<void> {
  await db.updateTable('brands').set({ hidden: false }).where('id', '=', id).where('hidden', '=', true).execute();
}

/** The display names of these suppliers, by id (suppliers without a brand row are left out). */
export async function findDisplayNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('brands').select(['id', 'display_name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((b) => [b.id, b.display_name]));
}

export async function findHiddenBrandIds(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('brands').select('id').where('hidden', '=', true).execute()).map((b) => b.id));
}

/**
 * One page of the suppliers with published listings and no hidden brand, by id, each with its
 * latest listing change; and how many there are (the sitemap's brand pages).
 */
export async function publishedBrandsPage(db: Db, page: { offset: number; limit: number }): Promise<{ rows: { id: string; updated_at: Date }[]; total: number }> {
  const brands = db
    .selectFrom('listings')
    .where('listings.state', '=', 'published')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('brands').select('brands.id').whereRef('brands.id', '=', 'listings.author_id').where('brands.hidden', '=', true))));
  const [rows, count] = await Promise.all([
    brands
      .select(['listings.author_id as id', (eb) => eb.fn.max('listings.updated_at').as('updated_at')])
      .groupBy('listings.author_id')
      .orderBy('listings.author_id', 'asc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    brands.select(sql<string>`count(distinct listings.author_id)`.as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
