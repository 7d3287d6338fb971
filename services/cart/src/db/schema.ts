import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CartEntriesTable {
  id: string;
  buyer_id: string;
  listing_id: string;
  supplier_id: string;
  package_index: number;
  /** Packages; each takes one unit of the listing's stock (docs/decisions/041). */
  quantity: number;
  delivery_method: 'pickup' | 'shipping';
  added_at: Timestamp;
  updated_at: Timestamp;
  /** Insertion order: the cart lists entries in the order they were added. */
  seq: Generated<string>;
}

export interface PaymentTermChoicesTable {
  buyer_id: string;
  supplier_id: string;
  /** A term the buyer chose; paying now ('none') has no row. */
  term: string;
  updated_at: Timestamp;
}

export interface DeliveryAddressesTable {
  id: string;
  buyer_id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
  phone: string;
  email: string;
  is_default: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Creation order: the oldest remaining address becomes the default when the default is deleted. */
  seq: Generated<string>;
}

/** A checkout whose cart lines this cart has taken off (docs/decisions/070): each checkout's lines come off once, at placement or at purchase. */
export interface CheckoutTakesTable {
  checkout_id: string;
  taken_at: Date;
}

export interface SupplierTermsTable {
  supplier_id: string;
  minimum_order_quantity: number;
  payment_terms: string[];
  updated_at: Timestamp;
}

export interface CartDB {
  cart_entries: CartEntriesTable;
  payment_term_choices: PaymentTermChoicesTable;
  delivery_addresses: DeliveryAddressesTable;
  supplier_terms: SupplierTermsTable;
  checkout_takes: CheckoutTakesTable;
}

export type Trx = Transaction<CartDB>;
export type Db = Kysely<CartDB> | Trx;

export const CART_MIGRATIONS = [
  {
    id: '001_cart',
    sql: `
      create table cart_entries (
        id uuid primary key,
        buyer_id uuid not null,
        listing_id uuid not null,
        supplier_id uuid not null,
        package_index integer not null check (package_index >= 0),
        quantity integer not null check (quantity >= 1),
        delivery_method text not null check (delivery_method in ('pickup', 'shipping')),
        added_at timestamptz not null,
        updated_at timestamptz not null,
        seq bigint generated always as identity,
        constraint cart_entries_one_per_line unique (buyer_id, listing_id, package_index, delivery_method)
      );
      create index cart_entries_listing on cart_entries (listing_id);

      create table payment_term_choices (
        buyer_id uuid not null,
        supplier_id uuid not null,
        term text not null check (term in ('30_days', '60_days', '90_days')),
        updated_at timestamptz not null,
        primary key (buyer_id, supplier_id)
      );

      create table delivery_addresses (
        id uuid primary key,
        buyer_id uuid not null,
        name text not null check (length(name) between 1 and 200),
        street text not null check (length(street) between 1 and 300),
        city text not null check (length(city) between 1 and 100),
        state text not null check (state in ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA')),
        country text not null check (country = 'AU'),
        postal_code text not null check (postal_code ~ '^[0-9]{4}$'),
        phone text not null check (length(phone) between 1 and 30),
        email text not null check (length(email) between 3 and 254),
        is_default boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        seq bigint generated always as identity
      );
      create index delivery_addresses_buyer on delivery_addresses (buyer_id, seq);
      -- At most one default per buyer; the use cases keep exactly one while any address exists.
      create unique index delivery_addresses_one_default on delivery_addresses (buyer_id) where is_default;

      create table supplier_terms (
        supplier_id uuid primary key,
        minimum_order_quantity integer not null default 1 check (minimum_order_quantity >= 1),
        payment_terms text[] not null default '{}' check (payment_terms <@ array['30_days', '60_days', '90_days']::text[]),
        updated_at timestamptz not null
      );
    `,
  },
  {
    // docs/decisions/070: a bank-transfer checkout's lines leave the cart when it is placed
    // (orders.checkout.placed), and its purchase later must not take them a second time.
    id: '002_checkout_takes',
    sql: `
      create table checkout_takes (
        checkout_id text primary key,
        taken_at timestamptz not null
      );
    `,
  },
];
