import type { Migration } from '@caskade/kit';
import type { ColumnType, Generated } from 'kysely';
import type { Address, BillingAddress, CheckoutAnswer, OrderLineRecord, PricedOrderRecord } from './records';

export const ORDERS_MIGRATIONS: Migration[] = [
  {
    id: '001_checkouts_orders_timers',
    sql: `
create table checkouts (
  id uuid primary key,
  buyer_id uuid not null,
  idempotency_key text not null,
  request_hash text not null,
  kind text not null check (kind in ('cart', 'listing')),
  state text not null check (state in ('pending', 'purchased', 'payment_failed', 'expired', 'canceled', 'failed')),
  payment_method_type text not null default '',
  charge_now_cents bigint not null default 0 check (charge_now_cents >= 0),
  payin_total_cents bigint not null default 0 check (payin_total_cents >= 0),
  cart_entry_ids jsonb not null default '[]',
  delivery_address jsonb,
  expires_at timestamptz not null,
  answer jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (buyer_id, idempotency_key)
);
create table orders (
  id uuid primary key,
  checkout_id uuid not null references checkouts(id),
  order_number text not null unique,
  buyer_id uuid not null,
  buyer_name text not null default '',
  supplier_id uuid not null,
  supplier_name text not null default '',
  process_name text not null check (process_name in ('release-1', 'multi-vendor')),
  state text not null,
  last_transition text not null default '',
  last_transitioned_at timestamptz,
  priced jsonb not null,
  lines jsonb not null,
  payin_total_cents bigint not null check (payin_total_cents >= 0),
  payout_total_cents bigint not null check (payout_total_cents >= 0),
  payment_term text not null default 'none' check (payment_term in ('none', '30_days', '60_days', '90_days')),
  payment_status text not null default '',
  payment_due_at timestamptz,
  delivery_address jsonb,
  version int not null default 1,
  created_at timestamptz not null default now()
);
create index orders_buyer on orders (buyer_id, created_at desc);
create index orders_supplier on orders (supplier_id, created_at desc);
create index orders_checkout on orders (checkout_id);
create table order_transitions (
  id bigserial primary key,
  order_id uuid not null references orders(id),
  transition text not null,
  actor text not null,
  actor_id text not null default '',
  from_state text not null,
  to_state text not null,
  note text not null default '',
  at timestamptz not null default now()
);
create index order_transitions_order on order_transitions (order_id, id);
create table order_timers (
  id uuid primary key,
  kind text not null,
  subject_id uuid not null,
  due_at timestamptz not null,
  lease_until timestamptz,
  fired_at timestamptz,
  attempts int not null default 0,
  unique (kind, subject_id)
);
create index order_timers_due on order_timers (due_at) where fired_at is null;
`,
  },
  {
    id: '002_checkout_billing',
    sql: `alter table checkouts add column billing_address jsonb;`,
  },
  {
    id: '003_orders_after_purchase',
    sql: `
alter table orders add column refunded_cents bigint not null default 0 check (refunded_cents >= 0);
alter table orders add column dispute_reason text not null default '';
alter table orders add column payout_status text not null default 'pending';
alter table orders add column refund_cents bigint not null default 0 check (refund_cents >= 0);
create index orders_state on orders (state, last_transitioned_at desc);
`,
  },
  {
    id: '004_reviews',
    sql: `
create table reviews (
  id uuid primary key,
  order_id uuid not null references orders(id),
  type text not null check (type in ('ofProvider', 'ofCustomer')),
  author_id uuid not null,
  author_name text not null default '',
  subject_id uuid not null,
  rating int not null check (rating between 1 and 5),
  content text not null check (char_length(content) between 1 and 2000),
  state text not null default 'public' check (state in ('public')),
  created_at timestamptz not null default now(),
  unique (order_id, type)
);
create index reviews_subject on reviews (subject_id, created_at desc);
create table review_listings (
  review_id uuid not null references reviews(id),
  listing_id uuid not null,
  primary key (listing_id, review_id)
);
`,
  },
  {
    id: '005_standing_orders',
    sql: `
create table standing_orders (
  id uuid primary key,
  buyer_id uuid not null,
  source_order_id uuid not null references orders(id),
  supplier_id uuid not null,
  supplier_name text not null default '',
  lines jsonb not null,
  payment_method_id text not null,
  interval_weeks int not null check (interval_weeks between 1 and 8),
  paused boolean not null default false,
  next_run_at timestamptz not null,
  notice_sent_for timestamptz,
  lease_until timestamptz,
  last_run_at timestamptz,
  last_result text not null default '',
  last_checkout_id uuid,
  version int not null default 1,
  created_at timestamptz not null default now()
);
create index standing_orders_buyer on standing_orders (buyer_id, created_at desc);
create index standing_orders_due on standing_orders (next_run_at) where not paused;
`,
  },
  {
    // An enquiry (product-spec §4: initial → enquiry) is an order before any checkout; paying for it later gives it one.
    id: '006_enquiries',
    sql: `alter table orders alter column checkout_id drop not null;`,
  },
  {
    // An order whose payment expired or was canceled before it was paid pays its supplier nothing.
    id: '007_unpaid_orders_pay_nothing',
    sql: `update orders set payout_status = 'none' where payout_status = 'pending' and payment_status = 'canceled' and refunded_cents = 0
  and (state in ('payment-expired', 'canceled-payment', 'payment-expired-multi-vendor') or last_transition like '%operator-cancel-payment%');`,
  },
  {
    // One standing order per order: a second one ordered everything twice on every run. The
    // earliest of any duplicates set up before this rule is kept.
    id: '008_one_standing_order_per_order',
    sql: `delete from standing_orders s using standing_orders k where s.source_order_id = k.source_order_id and (k.created_at, k.id) < (s.created_at, s.id);`,
  },
  // The index that keeps it so (and that create's ON CONFLICT names), built concurrently outside a transaction (docs/decisions/056).
  { id: '008_one_standing_order_per_order_2', transaction: false as const, sql: `create unique index concurrently if not exists standing_orders_source on standing_orders (source_order_id)` },
  {
    // The payment method the buyer chose at checkout for a term order: its due date charges that
    // one (empty: the buyer's default, as for orders placed before this column).
    id: '009_term_payment_method',
    sql: `alter table orders add column if not exists term_payment_method_id text not null default '';`,
  },
];

export interface CheckoutsTable {
  id: string;
  buyer_id: string;
  idempotency_key: string;
  request_hash: string;
  kind: 'cart' | 'listing';
  state: 'pending' | 'purchased' | 'payment_failed' | 'expired' | 'canceled' | 'failed';
  payment_method_type: string;
  charge_now_cents: number;
  payin_total_cents: number;
  cart_entry_ids: ColumnType<string[], string, string>;
  delivery_address: ColumnType<Address | null, string | null, string | null>;
  billing_address: ColumnType<BillingAddress | null, string | null | undefined, string | null>;
  expires_at: ColumnType<Date, Date, Date>;
  answer: ColumnType<CheckoutAnswer | null, string | null, string | null>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface OrdersTable {
  id: string;
  /** Null for an enquiry not paid for yet. */
  checkout_id: string | null;
  order_number: string;
  buyer_id: string;
  buyer_name: string;
  supplier_id: string;
  supplier_name: string;
  process_name: 'release-1' | 'multi-vendor';
  state: string;
  last_transition: string;
  last_transitioned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  priced: ColumnType<PricedOrderRecord, string, string>;
  lines: ColumnType<OrderLineRecord[], string, string>;
  payin_total_cents: number;
  payout_total_cents: number;
  payment_term: 'none' | '30_days' | '60_days' | '90_days';
  /** The method a term order's due date charges; '' for the buyer's default. */
  term_payment_method_id: ColumnType<string, string | undefined, string>;
  payment_status: string;
  payment_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  delivery_address: ColumnType<Address | null, string | null, string | null>;
  version: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  /** Refunded to the buyer so far (the side effect of a cancel, once it has run). */
  refunded_cents: ColumnType<number, number | undefined, number>;
  dispute_reason: ColumnType<string, string | undefined, string>;
  /** pending (not completed), paid (completed: transferred), none (canceled). */
  payout_status: ColumnType<string, string | undefined, string>;
  /** What a cancel decided to refund (the side effect refunds it, then refunded_cents says so). */
  refund_cents: ColumnType<number, number | undefined, number>;
}

export interface OrderTransitionsTable {
  id: Generated<number>;
  order_id: string;
  transition: string;
  actor: string;
  actor_id: string;
  from_state: string;
  to_state: string;
  note: ColumnType<string, string | undefined, string>;
  at: ColumnType<Date, Date | undefined, Date>;
}

export interface OrderTimersTable {
  id: string;
  kind: string;
  subject_id: string;
  due_at: ColumnType<Date, Date, Date>;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  fired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  attempts: ColumnType<number, number | undefined, number>;
}

export interface OrdersDB {
  checkouts: CheckoutsTable;
  orders: OrdersTable;
  order_transitions: OrderTransitionsTable;
  order_timers: OrderTimersTable;
  reviews: ReviewsTable;
  review_listings: ReviewListingsTable;
  standing_orders: StandingOrdersTable;
}

/** A buyer's order repeated every 1–8 weeks on a saved payment method (docs/decisions/049). */
export interface StandingOrdersTable {
  id: string;
  buyer_id: string;
  source_order_id: string;
  supplier_id: string;
  supplier_name: string;
  lines: ColumnType<OrderLineRecord[], string, string>;
  payment_method_id: string;
  interval_weeks: number;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  next_run_at: ColumnType<Date, Date, Date>;
  /** The run the buyer was last told about (its next_run_at then). */
  notice_sent_for: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A replica running it holds it until then. */
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_run_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** '', ordered, or why the last run placed no order (a cart or payment code). */
  last_result: ColumnType<string, string | undefined, string>;
  last_checkout_id: ColumnType<string | null, string | null | undefined, string | null>;
  version: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** One review per order and type: the buyer's of the supplier (ofProvider), the supplier's of the buyer (ofCustomer). */
export interface ReviewsTable {
  id: string;
  order_id: string;
  type: 'ofProvider' | 'ofCustomer';
  author_id: string;
  author_name: string;
  subject_id: string;
  rating: number;
  content: string;
  state: ColumnType<'public', 'public' | undefined, 'public'>;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** The listings of a reviewed order (a listing page shows the reviews of the orders that held it). */
export interface ReviewListingsTable {
  review_id: string;
  listing_id: string;
}
