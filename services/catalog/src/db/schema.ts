import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { StoredState } from '../domain/listing';
import type { ReservationLineRecord } from '../domain/reservations';
import { type AvailabilityEntry, type ListingAttributes, type ListingLocation, type PricePackage } from '../domain';

type Json<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type { StoredState, ReservationLineRecord };

export interface ListingsTable {
  id: string;
  author_id: string;
  listing_type: 'product' | 'service';
  state: StoredState;
  title: string;
  description: string;
  category: string;
  product_type: string;
  style: string;
  attributes: Json<ListingAttributes>;
  price_packages: Json<PricePackage[]>;
  price_cents: number;
  location: ColumnType<ListingLocation | null, string | null, string | null>;
  pickup_enabled: boolean;
  shipping_enabled: boolean;
  visible_states: string[];
  collection: string;
  rules: string;
  availability: Json<AvailabilityEntry[]>;
  image_ids: string[];
  brand_name: string;
  stock_quantity: number;
  rejection_reason: string;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  published_at: Date | null;
  deleted_at: Date | null;
}

export interface ImageVariantRecord {
  name: string;
  width: number;
  height: number;
}

export interface ImagesTable {
  id: string;
  owner_id: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  variants: Json<ImageVariantRecord[]>;
  created_at: Generated<Date>;
}

export interface BrandsTable {
  id: string;
  brand_name: string;
  display_name: string;
  description: string;
  delivery_notes: string;
  discount_notes: string;
  collections: Json<string[]>;
  logo_image_id: string | null;
  header_image_id: string | null;
  profile_image_id: string | null;
  hidden: Generated<boolean>;
  /** The highest identity profile version whose names were applied (identity.user.profile_changed). */
  identity_version: Generated<number>;
  updated_at: Generated<Date>;
}


export interface StockReservationsTable {
  id: string;
  state: 'reserved' | 'committed' | 'released';
  lines: Json<ReservationLineRecord[]>;
  /** The buyer who reserved, or null when a service reserved on nobody's behalf (checkout). */
  owner_id: string | null;
  expires_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A canceled order's units given back (restock-quantity), once per id (orders uses the order id). */
export interface StockRestocksTable {
  id: string;
  lines: Json<ReservationLineRecord[]>;
  created_at: Timestamp;
}

export interface ListingPageViewsTable {
  listing_id: string;
  day: ColumnType<string, string, string>;
  views: number;
}

export interface CatalogDB {
  listings: ListingsTable;
  images: ImagesTable;
  brands: BrandsTable;
  stock_reservations: StockReservationsTable;
  listing_page_views: ListingPageViewsTable;
  stock_restocks: StockRestocksTable;
}

/** A transaction on the catalog's database. */
export type Trx = Transaction<CatalogDB>;
/** The catalog's database or a transaction on it: what repositories read with. */
export type Db = Kysely<CatalogDB> | Trx;

export const CATALOG_MIGRATIONS = [
  {
    id: '001_catalog',
    sql: `
      create table brands (
        id uuid primary key,
        brand_name text not null default '',
        display_name text not null default '',
        description text not null default '',
        delivery_notes text not null default '',
        discount_notes text not null default '',
        collections jsonb not null default '[]'::jsonb,
        logo_image_id uuid,
        header_image_id uuid,
        profile_image_id uuid,
        hidden boolean not null default false,
        updated_at timestamptz not null default now()
      );

      create table images (
        id uuid primary key,
        owner_id uuid not null,
        content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/gif')),
        width integer not null check (width > 0),
        height integer not null check (height > 0),
        bytes integer not null check (bytes > 0),
        variants jsonb not null,
        created_at timestamptz not null default now()
      );
      create index images_owner on images (owner_id, created_at);

      create table listings (
        id uuid primary key,
        author_id uuid not null,
        listing_type text not null check (listing_type in ('product', 'service')),
        state text not null check (state in ('draft', 'pendingApproval', 'published', 'closed', 'deleted')),
        title text not null default '',
        description text not null default '',
        category text not null default '',
        product_type text not null default '',
        style text not null default '',
        attributes jsonb not null default '{}'::jsonb,
        price_packages jsonb not null default '[]'::jsonb,
        price_cents integer not null default 0 check (price_cents >= 0),
        location jsonb,
        pickup_enabled boolean not null default false,
        shipping_enabled boolean not null default false,
        visible_states text[] not null default '{}',
        collection text not null default '',
        rules text not null default '',
        availability jsonb not null default '[]'::jsonb,
        image_ids uuid[] not null default '{}',
        brand_name text not null default '',
        stock_quantity integer not null default 0 check (stock_quantity >= 0),
        rejection_reason text not null default '',
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        published_at timestamptz,
        deleted_at timestamptz,
        check ((state = 'deleted') = (deleted_at is not null)),
        search tsvector generated always as (
          setweight(to_tsvector('english', title), 'A')
          || setweight(to_tsvector('english', brand_name), 'B')
          || setweight(to_tsvector('english', replace(category || ' ' || product_type || ' ' || style, '-', ' ')), 'C')
          || setweight(to_tsvector('english', description), 'D')
        ) stored
      );
      -- Search (docs/decisions/011): every index is partial on the searchable rows.
      create index listings_search_text on listings using gin (search) where state = 'published' and stock_quantity > 0;
      create index listings_search_newest on listings (created_at desc, id) where state = 'published' and stock_quantity > 0;
      create index listings_search_price on listings (price_cents, created_at desc) where state = 'published' and stock_quantity > 0;
      create index listings_search_category on listings (category, product_type, style, created_at desc) where state = 'published' and stock_quantity > 0;
      create index listings_search_author on listings (author_id, created_at desc) where state = 'published' and stock_quantity > 0;
      -- Own listings, the operator queue, brand pages and the sitemap.
      create index listings_author on listings (author_id, updated_at desc) where state <> 'deleted';
      create index listings_state on listings (state, updated_at desc);

      create table stock_reservations (
        id text primary key,
        state text not null check (state in ('reserved', 'committed', 'released')),
        lines jsonb not null,
        expires_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index stock_reservations_due on stock_reservations (expires_at) where state = 'reserved';

      create table listing_page_views (
        listing_id uuid not null,
        day date not null,
        views integer not null default 0 check (views >= 0),
        primary key (listing_id, day)
      );
    `,
  },
  {
    id: '002_reservation_owner',
    sql: `alter table stock_reservations add column owner_id text;`,
  },
  {
    id: '003_brand_identity_version',
    sql: `alter table brands add column identity_version integer not null default 0;`,
  },
  {
    // docs/decisions/015. Sort `price` (highest first) reads price_cents desc, created_at desc: the
    // ascending price index scanned backwards would give created_at ascending and still need a
    // sort. Brand pages with includeSoldOut read a supplier's published listings whatever the stock.
    id: '004_search_price_desc_and_brand_pages',
    sql: `
      create index listings_search_price_desc on listings (price_cents desc, created_at desc, id desc) where state = 'published' and stock_quantity > 0;
      create index listings_published_author on listings (author_id, created_at desc, id desc) where state = 'published';
    `,
  },
  {
    // docs/decisions/028: set-stock keeps room for the units reservations hold, read by
    // listing from the reservations that may still be released; stock above MAX_STOCK (10,000,000)
    // is refused by the database as the last guard instead of being capped in the release.
    id: '005_stock_held_and_max',
    sql: `
      create index stock_reservations_holding on stock_reservations using gin (lines jsonb_path_ops) where state in ('reserved', 'committed');
      alter table listings add constraint listings_stock_max check (stock_quantity <= 10000000);
    `,
  },
  {
    // restock-quantity: a canceled order's units go back once per restock id (the order id).
    id: '006_stock_restocks',
    sql: `
      create table stock_restocks (
        id text primary key,
        lines jsonb not null,
        created_at timestamptz not null default now()
      );
    `,
  },
  // docs/decisions/058: every sort a search page offers, alone and within a category, is an
  // index in the page's order with the id last, so a page (a deep one too) is an index-only walk
  // to its ids: no sort of thousands of rows, no table read for skipped rows.
  // listings is the big table: each index is built (and each replaced one dropped) concurrently,
  // one statement per migration outside a transaction, so writes go on meanwhile (docs/decisions/056).
  { id: '007_search_sort_indexes', transaction: false as const, sql: `create index concurrently if not exists listings_search_created on listings (created_at desc, id desc) where state = 'published' and stock_quantity > 0` },
  { id: '007_search_sort_indexes_2', transaction: false as const, sql: `drop index concurrently if exists listings_search_newest` },
  { id: '007_search_sort_indexes_3', transaction: false as const, sql: `create index concurrently if not exists listings_search_price_asc on listings (price_cents, created_at desc, id desc) where state = 'published' and stock_quantity > 0` },
  { id: '007_search_sort_indexes_4', transaction: false as const, sql: `drop index concurrently if exists listings_search_price` },
  { id: '007_search_sort_indexes_5', transaction: false as const, sql: `create index concurrently if not exists listings_search_category_created on listings (category, created_at desc, id desc) where state = 'published' and stock_quantity > 0` },
  { id: '007_search_sort_indexes_6', transaction: false as const, sql: `create index concurrently if not exists listings_search_category_price on listings (category, price_cents, created_at desc, id desc) where state = 'published' and stock_quantity > 0` },
  { id: '007_search_sort_indexes_7', transaction: false as const, sql: `create index concurrently if not exists listings_search_category_price_desc on listings (category, price_cents desc, created_at desc, id desc) where state = 'published' and stock_quantity > 0` },
  // Priced filters (a brand's or a category and type's listings in a price range, ADR 064): their exact counts up to 1,001 read only these indexes.
  { id: '008_search_priced_filter_indexes', transaction: false as const, sql: `create index concurrently if not exists listings_search_author_price on listings (author_id, price_cents) where state = 'published' and stock_quantity > 0` },
  { id: '008_search_priced_filter_indexes_2', transaction: false as const, sql: `create index concurrently if not exists listings_search_type_price on listings (category, product_type, price_cents) where state = 'published' and stock_quantity > 0` },
  // The priced filters' pages too (docs/decisions/069): the sort's columns and every other filter the
  // search puts with them (style, a buyer's state) in the index, so a page of a category and type or of
  // a brand in a price range is an index-only walk, not one table page per match (2.2 ms → 0.15 ms
  // for 393 matches sorted by date).
  { id: '009_search_priced_pages', transaction: false as const, sql: `create index concurrently if not exists listings_search_type_price_sorted on listings (category, product_type, price_cents, created_at desc, id desc) include (style, visible_states) where state = 'published' and stock_quantity > 0` },
  { id: '009_search_priced_pages_2', transaction: false as const, sql: `drop index concurrently if exists listings_search_type_price` },
  { id: '009_search_priced_pages_3', transaction: false as const, sql: `create index concurrently if not exists listings_search_author_price_sorted on listings (author_id, price_cents, created_at desc, id desc) include (visible_states) where state = 'published' and stock_quantity > 0` },
  { id: '009_search_priced_pages_4', transaction: false as const, sql: `drop index concurrently if exists listings_search_author_price` },
];

/** Every listings column but the search vector (which is large and only the database reads). */
export const LISTING_COLUMNS = [
  'id', 'author_id', 'listing_type', 'state', 'title', 'description', 'category', 'product_type', 'style', 'attributes', 'price_packages',
  'price_cents', 'location', 'pickup_enabled', 'shipping_enabled', 'visible_states', 'collection', 'rules', 'availability', 'image_ids',
  'brand_name', 'stock_quantity', 'rejection_reason', 'version', 'created_at', 'updated_at', 'published_at', 'deleted_at',
] as const satisfies readonly (keyof ListingsTable)[];
