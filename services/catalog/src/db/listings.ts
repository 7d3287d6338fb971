/**
 * The listings repository: every statement on the listings table.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { lowestPriceCents, type ListingFieldsInput } from '../domain';
import type { ImageRow } from './images';
import { LISTING_COLUMNS, type Db, type ListingsTable, type StoredState, type Trx } from './schema';

export type ListingRow = Selectable<ListingsTable>;
type ListingType = ListingsTable['listing_type'];

/** A page of rows: how many to skip, how many to answer. */
export interface RowPage {
  offset: number;
  limit: number;
}

// ---- fields ↔ columns ----------------------------------------------------------------------

export function fieldsFromRow(row: ListingRow): ListingFieldsInput {
  return {
    listingType: row.listing_type,
    title: row.title,
    description: row.description,
    category: row.category,
    productType: row.product_type,
    style: row.style,
    attributes: row.attributes,
    pricePackages: row.price_packages,
    location: row.location,
    pickupEnabled: row.pickup_enabled,
    shippingEnabled: row.shipping_enabled,
    visibleStates: row.visible_states,
    collection: row.collection,
    rules: row.rules,
    availability: row.availability,
    imageIds: row.image_ids,
  };
}

/** The columns a set of fields is stored in (listing_type is fixed at creation). */
function fieldColumns(f: ListingFieldsInput) {
  return {
    title: f.title,
    description: f.description,
    category: f.category,
    product_type: f.productType,
    style: f.style,
    attributes: JSON.stringify(f.attributes),
    price_packages: JSON.stringify(f.pricePackages),
    price_cents: lowestPriceCents(f.pricePackages),
    location: f.location ? JSON.stringify(f.location) : null,
    pickup_enabled: f.pickupEnabled,
    shipping_enabled: f.shippingEnabled,
    visible_states: f.visibleStates,
    collection: f.collection,
    rules: f.rules,
    availability: JSON.stringify(f.availability),
    image_ids: f.imageIds,
  };
}

// ---- one listing -----------------------------------------------------------------------------

/** A listing that is not deleted; locked for the rest of the transaction when `forUpdate`. */
export function findListing(db: Db, id: string, forUpdate = false): Promise<ListingRow | undefined> {
  let q = db.selectFrom('listings').select(LISTING_COLUMNS).where('id', '=', id).where('state', '<>', 'deleted');
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A photo as a listing shows it: its id and stored variants. */
export type ListingPhoto = Pick<ImageRow, 'id' | 'variants'>;

/**
 * A listing that is not deleted with what is shown beside it, in one statement: its photos (in no
 * particular order; `image_ids` orders them) and its author's display name ('' without a brand row).
 */
export async function findListingShown(db: Db, id: string): Promise<{ row: ListingRow; photos: ListingPhoto[]; displayName: string } | undefined> {
  const found = await db
    .selectFrom('listings')
    .select(LISTING_COLUMNS)
    .select((eb) => [
      eb.selectFrom('brands').select('brands.display_name').whereRef('brands.id', '=', 'listings.author_id').as('author_display_name'),
      sql<ListingPhoto[]>`(select coalesce(json_agg(json_build_object('id', i.id, 'variants', i.variants)), '[]'::json) from images i where i.id = any(listings.image_ids))`.as('photos'),
    ])
    .where('id', '=', id)
    .where('state', '<>', 'deleted')
    .executeTakeFirst();
  if (!found) return undefined;
  const { author_display_name: displayName, photos, ...row } = found;
  return { row, photos, displayName: displayName ?? '' };
}

/** Inserts a new draft listing owned by the author and answers the stored row. */
export function insertDraftListing(
  trx: Trx,
  draft: { authorId: string; listingType: ListingType; fields: ListingFieldsInput; brandName: string; stockQuantity: number },
): Promise<ListingRow> {
  return trx
    .insertInto('listings')
    .values({
      id: randomUUID(),
      author_id: draft.authorId,
      listing_type: draft.listingType,
      state: 'draft',
      ...fieldColumns(draft.fields),
      brand_name: draft.brandName,
      stock_quantity: draft.stockQuantity,
      rejection_reason: '',
      published_at: null,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A content edit of a listing still in the state it was read in: the new fields, the state after
 * the edit and the supplier's brand name, as a new version. Undefined when the state has moved on.
 */
export function saveListingFields(trx: Trx, current: ListingRow, edit: { fields: ListingFieldsInput; state: StoredState; brandName: string; now: Date }): Promise<ListingRow | undefined> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ ...fieldColumns(edit.fields), state: edit.state, brand_name: edit.brandName, updated_at: edit.now, version: eb('version', '+', 1) }))
    .where('id', '=', current.id)
    .where('state', '=', current.state)
    .returningAll()
    .executeTakeFirst();
}

/** New photos of a listing still in the state it was read in, with the state after the edit, as a new version. */
export function saveListingImages(trx: Trx, current: ListingRow, edit: { imageIds: string[]; state: StoredState; now: Date }): Promise<ListingRow | undefined> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ image_ids: edit.imageIds, state: edit.state, updated_at: edit.now, version: eb('version', '+', 1) }))
    .where('id', '=', current.id)
    .where('state', '=', current.state)
    .returningAll()
    .executeTakeFirst();
}

export interface StateChange {
  to: StoredState;
  now: Date;
  /** Set when the listing is published for the first time. */
  publishedAt?: Date;
  /** Set when the listing is deleted. */
  deletedAt?: Date;
  /** The operator's reason on a rejection, '' to clear it. */
  rejectionReason?: string;
}

/** Moves a listing still in the state it was read in to `change.to`, as a new version; undefined when the state has moved on. */
export function changeListingState(trx: Trx, current: ListingRow, change: StateChange): Promise<ListingRow | undefined> {
  return trx
    .updateTable('listings')
    .set((eb) => ({
      state: change.to,
      updated_at: change.now,
      version: eb('version', '+', 1),
      ...(change.publishedAt ? { published_at: change.publishedAt } : {}),
      ...(change.deletedAt ? { deleted_at: change.deletedAt } : {}),
      ...(change.rejectionReason !== undefined ? { rejection_reason: change.rejectionReason } : {}),
    }))
    .where('id', '=', current.id)
    .where('state', '=', current.state)
    .returningAll()
    .executeTakeFirst();
}

// ---- a supplier withdrawn (deleted or banned) -----------------------------------------------

/** The supplier's listings waiting for approval go back to draft with `reason`; answers them. */
export function returnPendingToDraft(trx: Trx, authorId: string, reason: string, now: Date): Promise<ListingRow[]> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ state: 'draft', rejection_reason: reason, updated_at: now, version: eb('version', '+', 1) }))
    .where('author_id', '=', authorId)
    .where('state', '=', 'pendingApproval')
    .returningAll()
    .execute();
}

/** The supplier's published listings close; answers them. */
export function closePublishedListings(trx: Trx, authorId: string, now: Date): Promise<ListingRow[]> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ state: 'closed', updated_at: now, version: eb('version', '+', 1) }))
    .where('author_id', '=', authorId)
    .where('state', '=', 'published')
    .returningAll()
    .execute();
}

// ---- stock (never the content version: the editor's expectedVersion stays as it is) ----------

/**
 * Takes `quantity` units of a published listing that has them: `SET stock = stock - n WHERE
 * stock >= n`, so row locks serialise concurrent reservers on the latest stock. Undefined when the
 * listing is not published or has too few.
 */
export function takeStock(trx: Trx, listingId: string, quantity: number, now: Date): Promise<ListingRow | undefined> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', quantity), updated_at: now }))
    .where('id', '=', listingId)
    .where('state', '=', 'published')
    .where('stock_quantity', '>=', quantity)
    .returningAll()
    .executeTakeFirst();
}

/** A listing's state and stock (deleted ones included), unlocked. */
export function findStock(db: Db, listingId: string): Promise<{ state: StoredState; stock_quantity: number } | undefined> {
  return db.selectFrom('listings').select(['state', 'stock_quantity']).where('id', '=', listingId).executeTakeFirst();
}

/** The stock of a listing that is not deleted, locked for the rest of the transaction. */
export async function lockStock(trx: Trx, listingId: string): Promise<number | undefined> {
  const row = await trx.selectFrom('listings').select('stock_quantity').where('id', '=', listingId).where('state', '<>', 'deleted').forUpdate().executeTakeFirst();
  return row?.stock_quantity;
}

/** Gives `quantity` units back to the listing. */
export function returnStock(trx: Trx, listingId: string, quantity: number, now: Date): Promise<ListingRow> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', quantity), updated_at: now }))
    .where('id', '=', listingId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Compare-and-set: the stock becomes `newTotal` only while it is `oldTotal` and the listing is not deleted. */
export function setStockIfTotal(trx: Trx, listingId: string, change: { oldTotal: number; newTotal: number; now: Date }): Promise<ListingRow | undefined> {
  return trx
    .updateTable('listings')
    .set({ stock_quantity: change.newTotal, updated_at: change.now })
    .where('id', '=', listingId)
    .where('state', '<>', 'deleted')
    .where('stock_quantity', '=', change.oldTotal)
    .returningAll()
    .executeTakeFirst();
}

// ---- the supplier's brand name, copied onto listings for search --------------------------------

export async function renameBrandOnListings(trx: Trx, authorId: string, brandName: string): Promise<void> {
  await trx.updateTable('listings').set({ brand_name: brandName }).where('author_id', '=', authorId).where('brand_name', '<>', brandName).execute();
}

// ---- lists -----------------------------------------------------------------------------------

/** The author's listings in every state but deleted (or in `state`), most recently changed first; and how many there are. */
export async function ownListingsPage(db: Db, authorId: string, state: StoredState | undefined, page: RowPage): Promise<{ rows: ListingRow[]; total: number }> {
  let base = db.selectFrom('listings').where('author_id', '=', authorId).where('state', '<>', 'deleted');
  if (state) base = base.where('state', '=', state);
  const rows = await base.select(LISTING_COLUMNS).orderBy('updated_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute();
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Every author's listings in `state`, the oldest change first (the operator's queue); and how many there are. */
export async function listingsInStatePage(db: Db, state: StoredState, page: RowPage): Promise<{ rows: ListingRow[]; total: number }> {
  const base = db.selectFrom('listings').where('state', '=', state);
  const rows = await base.select(LISTING_COLUMNS).orderBy('updated_at', 'asc').orderBy('id').limit(page.limit).offset(page.offset).execute();
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Whether any listing exists at all (the demo seed runs on an empty catalog only). */
export async function anyListingExists(db: Db): Promise<boolean> {
  return (await db.selectFrom('listings').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export interface DemoListing {
  authorId: string;
  state: 'draft' | 'pendingApproval' | 'published' | 'closed';
  fields: ListingFieldsInput;
  brandName: string;
  stock: number;
  createdAt: Date;
}

/** Demo listings, written as they are (a hundred a statement), changed and published when created. */
export async function insertDemoListings(trx: Trx, listings: readonly DemoListing[]): Promise<void> {
  const rows = listings.map((l) => ({
    id: randomUUID(),
    author_id: l.authorId,
    listing_type: l.fields.listingType === 'service' ? ('service' as const) : ('product' as const),
    state: l.state,
    ...fieldColumns(l.fields),
    brand_name: l.brandName,
    stock_quantity: l.stock,
    rejection_reason: '',
    created_at: l.createdAt,
    updated_at: l.createdAt,
    published_at: l.state === 'published' || l.state === 'closed' ? l.createdAt : null,
    deleted_at: null,
  }));
  for (let i = 0; i < rows.length; i += 100) await trx.insertInto('listings').values(rows.slice(i, i + 100)).execute();
}

// ---- the sitemap -----------------------------------------------------------------------------

export type SitemapListingRow = Pick<ListingRow, 'id' | 'title' | 'updated_at' | 'author_id'>;

/** One page of published listings, oldest first (pages stay put as listings are added); and how many there are. */
export async function publishedListingsPage(db: Db, page: RowPage): Promise<{ rows: SitemapListingRow[]; total: number }> {
  const published = db.selectFrom('listings').where('state', '=', 'published');
  const [rows, count] = await Promise.all([
    published.select(['id', 'title', 'updated_at', 'author_id']).orderBy('created_at', 'asc').orderBy('id', 'asc').offset(page.offset).limit(page.limit).execute(),
    published.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Up to `limit` published listings, the latest change first. */
export function recentlyChangedPublishedListings(db: Db, limit: number): Promise<SitemapListingRow[]> {
  return db.selectFrom('listings').select(['id', 'title', 'updated_at', 'author_id']).where('state', '=', 'published').orderBy('updated_at', 'desc').limit(limit).execute();
}

// ---- search (docs/decisions/011) -------------------------------------------------------------

export type ListingSort = 'relevance' | 'newest' | 'oldest' | 'priceLow' | 'priceHigh';

/** A checked search: every list already validated and free of duplicates; '' and [] mean no filter. */
export interface ListingSearch {
  keywords: string;
  authorIds: readonly string[];
  /** Product and service categories together: their keys never overlap. */
  categories: readonly string[];
  productTypes: readonly string[];
  styles: readonly string[];
  priceMinCents: number | undefined;
  priceMaxCents: number | undefined;
  /** An Australian state; a listing with no visible states is offered everywhere. */
  buyerState: string;
  includeSoldOut: boolean;
  sort: ListingSort;
}

const searchColumns = sql.join(LISTING_COLUMNS.map((c) => sql.ref(`l.${c}`)));

/** What a search card shows of a listing (docs/decisions/071): no description, attributes or dates to read and parse. */
export type ListingCardRow = Pick<ListingRow, 'id' | 'listing_type' | 'title' | 'category' | 'collection' | 'price_cents' | 'author_id' | 'brand_name' | 'stock_quantity'> & {
  package_count: number;
  /** The first photo's id and stored variants, if it has one. */
  cover_image_id: string | null;
  cover_variants: ImageRow['variants'] | null;
};
const cardColumns = sql`l.id, l.listing_type, l.title, l.category, l.collection, l.price_cents, l.author_id, l.brand_name, l.stock_quantity,
  jsonb_array_length(l.price_packages)::int as package_count, l.image_ids[1] as cover_image_id,
  (select i.variants from images i where i.id = l.image_ids[1]) as cover_variants`;

/** Keywords → whether they make a tsquery with terms: a pure function of the text, remembered (bounded) so a search costs no extra round trip. */
const searchTermsKnown = new Map<string, boolean>();
const SEARCH_TERMS_REMEMBERED = 5000;

/** Do the keywords make a tsquery with any terms? Stop words and symbols alone make an empty one, which matches nothing. */
async function hasSearchTerms(db: Db, keywords: string): Promise<boolean> {
  if (!keywords) return false;
  const known = searchTermsKnown.get(keywords);
  if (known !== undefined) return known;
  const out = await sql<{ nodes: number }>`select numnode(websearch_to_tsquery('english', ${keywords}))::int as nodes`.execute(db);
  const has = (out.rows[0]?.nodes ?? 0) > 0;
  if (searchTermsKnown.size >= SEARCH_TERMS_REMEMBERED) searchTermsKnown.clear();
  searchTermsKnown.set(keywords, has);
  return has;
}

/**
 * Up to this many matches a search counts exactly; above it, the total is the planner's estimate
 * (docs/decisions/058): counting 100,000 rows costs 35 ms on every page of an unfiltered search,
 * and nobody pages that far to check.
 */
export const EXACT_COUNT_LIMIT = 1000;

/**
 * Searches known to match more than EXACT_COUNT_LIMIT listings, with the planner's estimate, by
 * database and by the search's conditions (not its sort or page): the deep pages of a category or of
 * the whole catalog skip the capped count and the EXPLAIN for BIG_COUNT_REMEMBERED_MS. The total is
 * an estimate there anyway; a set that shrinks below the limit meanwhile is counted exactly once its
 * entry expires (docs/decisions/069).
 */
const bigCounts = new WeakMap<Db, Map<string, { estimate: number; until: number }>>();
const BIG_COUNT_REMEMBERED_MS = 30_000;
const BIG_COUNTS_REMEMBERED = 2000;

/** The planner's estimate of the rows a search matches (EXPLAIN, not run). */
async function estimatedMatches(db: Db, where: RawBuilder<unknown>): Promise<number> {
  const out = await sql<{ 'QUERY PLAN': Array<{ Plan?: { 'Plan Rows'?: number } }> }>`explain (format json) select 1 from listings l where ${where}`.execute(db);
  return Math.round(out.rows[0]?.['QUERY PLAN'][0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Published listings (with stock unless `includeSoldOut`) matching the search: full text over the
 * search vector ranked with ts_rank, keywords that leave no search terms ignored; and how many
 * there are (exact up to EXACT_COUNT_LIMIT, estimated above). Every condition is one the partial
 * search indexes answer. docs/decisions/011, 058.
 */
export function searchPublishedListings(db: Db, search: ListingSearch, page: RowPage): Promise<SearchPage<ListingRow>> {
  return searchRows<ListingRow>(db, search, page, searchColumns);
}

/** The same search as searchPublishedListings, each row only what its card shows. */
export function searchListingCards(db: Db, search: ListingSearch, page: RowPage): Promise<SearchPage<ListingCardRow>> {
  return searchRows<ListingCardRow>(db, search, page, cardColumns);
}

export interface SearchPage<R> {
  rows: R[];
  total: number;
  totalIsEstimate: boolean;
}

async function searchRows<R>(db: Db, search: ListingSearch, page: RowPage, columns: RawBuilder<unknown>): Promise<SearchPage<R>> {
  const conds: RawBuilder<unknown>[] = [sql`l.state = 'published'`];
  if (!search.includeSoldOut) conds.push(sql`l.stock_quantity > 0`);
  const query = (await hasSearchTerms(db, search.keywords)) ? sql`websearch_to_tsquery('english', ${search.keywords})` : null;
  if (query) conds.push(sql`l.search @@ ${query}`);
  if (search.authorIds.length > 0) conds.push(sql`l.author_id in (${sql.join(search.authorIds)})`);
  // One `category in (…)` serves product and service categories, so the category index answers it alone.
  if (search.categories.length > 0) conds.push(sql`l.category in (${sql.join(search.categories)})`);
  if (search.productTypes.length > 0) conds.push(sql`l.product_type in (${sql.join(search.productTypes)})`);
  if (search.styles.length > 0) conds.push(sql`l.style in (${sql.join(search.styles)})`);
  if (search.priceMinCents !== undefined) conds.push(sql`l.price_cents >= ${search.priceMinCents}`);
  if (search.priceMaxCents !== undefined) conds.push(sql`l.price_cents <= ${search.priceMaxCents}`);
  if (search.buyerState) conds.push(sql`(cardinality(l.visible_states) = 0 or ${search.buyerState} = any(l.visible_states))`);
  const where = sql.join(conds, sql` and `);

  // With keywords the text index goes first and the matches are sorted: `+ 0` keeps the planner off
  // walking a sort index and filtering every row by the keywords (a rare keyword took 300 ms so,
  // the planner misjudging how many rows match a number).
  const created = query ? sql`l.created_at + interval '0 s'` : sql`l.created_at`;
  const price = query ? sql`l.price_cents + 0` : sql`l.price_cents`;
  const order = (() => {
    switch (search.sort) {
      case 'newest':
        return sql`${created} desc, l.id desc`;
      case 'oldest':
        return sql`${created} asc, l.id asc`;
      case 'priceLow':
        return sql`${price} asc, l.created_at desc, l.id desc`;
      case 'priceHigh':
        return sql`${price} desc, l.created_at desc, l.id desc`;
      case 'relevance':
        return query ? sql`ts_rank(l.search, ${query}) desc, l.created_at desc, l.id desc` : sql`l.created_at desc, l.id desc`;
    }
  })();

  if (query) {
    // A keyword search reads every match anyway (to rank or sort them after the text index), so the
    // same scan counts them (docs/decisions/069): one statement, an exact total at any size. The
    // page's sort keys come out of the scan, so the full rows are read for the page alone.
    const keyOrder = (() => {
      switch (search.sort) {
        case 'newest':
          return sql`p.created_at desc, p.id desc`;
        case 'oldest':
          return sql`p.created_at asc, p.id asc`;
        case 'priceLow':
          return sql`p.price_cents asc, p.created_at desc, p.id desc`;
        case 'priceHigh':
          return sql`p.price_cents desc, p.created_at desc, p.id desc`;
        case 'relevance':
          return sql`p.rank desc, p.created_at desc, p.id desc`;
      }
    })();
    // Ranked only for a relevance sort (ts_rank on every match is the costly part), and ordered by
    // the column, so the rank is computed once a row.
    const relevance = search.sort === 'relevance';
    const rankColumn = relevance ? sql`ts_rank(l.search, ${query}) as rank` : sql`0::real as rank`;
    const innerOrder = relevance ? sql`rank desc, l.created_at desc, l.id desc` : order;
    const out = await sql<R & { matches: number }>`
      select ${columns}, p.matches
      from (
        select l.id, l.created_at, l.price_cents, ${rankColumn}, count(*) over ()::int as matches
        from listings l where ${where} order by ${innerOrder} limit ${page.limit} offset ${page.offset}
      ) p
      join listings l on l.id = p.id
      order by ${keyOrder}`.execute(db);
    const first = out.rows[0];
    // Each row keeps its `matches` column (the views pick their fields), rather than a copy of every row without it.
    if (first) return { rows: out.rows, total: first.matches, totalIsEstimate: false };
    // A page past the end shows no row to carry the total: count them apart.
    const counted = page.offset === 0 ? 0 : ((await sql<{ total: number }>`select count(*)::int as total from listings l where ${where}`.execute(db)).rows[0]?.total ?? 0);
    return { rows: [], total: counted, totalIsEstimate: false };
  }

  // The page's ids first (an index-only scan past the offset), then only those rows in full: a deep
  // page no longer reads every skipped row from the table.
  const pageRows = sql<R>`
      select ${columns}
      from unnest(array(select l.id from listings l where ${where} order by ${order} limit ${page.limit} offset ${page.offset})) with ordinality as p(id, n)
      join listings l on l.id = p.id
      order by p.n`.execute(db);
  const known = bigCounts.get(db) ?? new Map<string, { estimate: number; until: number }>();
  bigCounts.set(db, known);
  const conditions = JSON.stringify({ ...search, sort: '' });
  const now = Date.now();
  const big = known.get(conditions);
  if (big && big.until > now) {
    const rows = (await pageRows).rows;
    return { rows, total: Math.max(EXACT_COUNT_LIMIT + 1, page.offset + rows.length, big.estimate), totalIsEstimate: true };
  }
  const [rows, capped] = await Promise.all([
    pageRows,
    sql<{ total: number }>`select count(*)::int as total from (select 1 from listings l where ${where} limit ${EXACT_COUNT_LIMIT + 1}) m`.execute(db),
  ]);
  const counted = capped.rows[0]?.total ?? 0;
  if (counted <= EXACT_COUNT_LIMIT) {
    known.delete(conditions);
    return { rows: rows.rows, total: counted, totalIsEstimate: false };
  }
  const estimate = await estimatedMatches(db, where);
  if (known.size >= BIG_COUNTS_REMEMBERED) known.clear();
  known.set(conditions, { estimate, until: now + BIG_COUNT_REMEMBERED_MS });
  return { rows: rows.rows, total: Math.max(EXACT_COUNT_LIMIT + 1, page.offset + rows.rows.length, estimate), totalIsEstimate: true };
}
