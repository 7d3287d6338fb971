import type { ColumnType, Generated } from 'kysely';
import type { PaymentStatus, SandboxBehaviour } from '../domain';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The provider's customer of each user (created on the first setup intent or payment). */
export interface CustomersTable {
  user_id: string;
  customer_id: string;
  created_at: Generated<Date>;
}

/** Sandbox only: what CreateSandboxPaymentMethod kept of a card or account (never its number or CVC). */
export interface SandboxPaymentMethodsTable {
  id: string;
  type: 'card' | 'au_becs_debit';
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  bsb: string;
  behaviour: SandboxBehaviour;
  /** The customer it is attached to ('' until saved): as in Stripe, another customer cannot use it. */
  customer_id: Generated<string>;
  /** Detached (its saved method removed or replaced): as in Stripe, it may not be used again. */
  detached: Generated<boolean>;
  created_at: Generated<Date>;
}

/** A user's saved payment methods; at most one default each. */
export interface PaymentMethodsTable {
  id: string;
  user_id: string;
  type: 'card' | 'au_becs_debit';
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  bsb: string;
  is_default: boolean;
  seq: Generated<number>;
  created_at: Generated<Date>;
}

export interface PaymentsTable {
  id: string;
  buyer_id: string;
  amount_cents: number;
  currency: string;
  method_type: 'card' | 'au_becs_debit' | 'bank_transfer';
  payment_method_id: string;
  status: PaymentStatus;
  next_action_url: Generated<string>;
  failure_code: Generated<string>;
  failure_message: Generated<string>;
  client_secret: Generated<string>;
  /** The provider's payment intent of the latest attempt. */
  provider_ref: Generated<string>;
  attempt: Generated<number>;
  /** What the first CreatePayment asked for: a replay with another body is refused. */
  request_hash: string;
  description: string;
  off_session: boolean;
  bank_reference: string;
  bank_due_by: Timestamp | null;
  refunded_cents: Generated<number>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * What each supplier is owed from a payment; sent as a transfer once the payment succeeded and its
 * order completed (order_payouts), dropped (canceled) when the order is canceled.
 */
export interface PaymentTransfersTable {
  payment_id: string;
  supplier_id: string;
  order_id: string;
  amount_cents: number;
  state: 'pending' | 'sent' | 'canceled';
  provider_ref: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
}

/** How an order ended for its supplier's payout (orders.order.transitioned): released on completion, canceled on a cancel. First one wins. */
export interface OrderPayoutsTable {
  order_id: string;
  decision: 'released' | 'canceled';
  decided_at: Timestamp;
}

/** Sandbox only: a processing payment's settlement, due at a time (survives restarts; claimed once). */
export interface SandboxSettlementsTable {
  payment_id: string;
  attempt: number;
  due_at: Timestamp;
  status: 'succeeded' | 'requires_payment_method';
  failure_code: string;
  failure_message: string;
}

export interface RefundsTable {
  id: string;
  payment_id: string;
  amount_cents: number;
  provider_ref: string;
  created_at: Generated<Date>;
}

export interface PayoutAccountsTable {
  supplier_id: string;
  account_id: string;
  provider: 'sandbox' | 'stripe';
  charges_enabled: boolean;
  payouts_enabled: boolean;
  created_at: Generated<Date>;
}

/** Provider webhook events already handled (each event id once). */
export interface ProcessedWebhooksTable {
  event_id: string;
  type: string;
  received_at: Generated<Date>;
}

export interface PaymentsDB {
  customers: CustomersTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  payment_methods: PaymentMethodsTable;
  payments: PaymentsTable;
  payment_transfers: PaymentTransfersTable;
  order_payouts: OrderPayoutsTable;
  sandbox_settlements: SandboxSettlementsTable;
  refunds: RefundsTable;
  payout_accounts: PayoutAccountsTable;
  processed_webhooks: ProcessedWebhooksTable;
}

export const PAYMENTS_MIGRATIONS = [
  {
    id: '001_payments',
    sql: `
      create table customers (
        user_id text primary key,
        customer_id text not null unique,
        created_at timestamptz not null default now()
      );

      create table sandbox_payment_methods (
        id text primary key,
        type text not null check (type in ('card', 'au_becs_debit')),
        brand text not null default '',
        last4 text not null check (last4 ~ '^[0-9]{4}$'),
        exp_month int not null default 0,
        exp_year int not null default 0,
        bsb text not null default '',
        behaviour text not null,
        created_at timestamptz not null default now()
      );

      create table payment_methods (
        id text primary key,
        user_id text not null,
        type text not null check (type in ('card', 'au_becs_debit')),
        brand text not null default '',
        last4 text not null,
        exp_month int not null default 0,
        exp_year int not null default 0,
        bsb text not null default '',
        is_default boolean not null default false,
        seq bigint generated always as identity,
        created_at timestamptz not null default now()
      );
      create index payment_methods_by_user on payment_methods (user_id, seq);
      create unique index payment_methods_one_default on payment_methods (user_id) where is_default;

      create table payments (
        id text primary key,
        buyer_id text not null,
        amount_cents int not null check (amount_cents > 0),
        currency text not null check (currency = 'AUD'),
        method_type text not null check (method_type in ('card', 'au_becs_debit', 'bank_transfer')),
        payment_method_id text not null default '',
        status text not null check (status in ('requires_payment_method', 'requires_action', 'processing', 'awaiting_transfer', 'succeeded', 'canceled')),
        next_action_url text not null default '',
        failure_code text not null default '',
        failure_message text not null default '',
        client_secret text not null default '',
        provider_ref text not null default '',
        attempt int not null default 1 check (attempt >= 1),
        request_hash text not null,
        description text not null default '',
        off_session boolean not null default false,
        bank_reference text not null default '',
        bank_due_by timestamptz,
        refunded_cents int not null default 0 check (refunded_cents >= 0 and refunded_cents <= amount_cents),
        version int not null default 1,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index payments_by_provider_ref on payments (provider_ref) where provider_ref <> '';

      create table payment_transfers (
        payment_id text not null references payments (id),
        supplier_id text not null,
        order_id text not null,
        amount_cents int not null check (amount_cents > 0),
        state text not null default 'pending' check (state in ('pending', 'sent')),
        provider_ref text,
        attempts int not null default 0,
        last_error text,
        next_attempt_at timestamptz not null,
        primary key (payment_id, supplier_id, order_id)
      );
      create index payment_transfers_pending on payment_transfers (next_attempt_at) where state = 'pending';

      create table sandbox_settlements (
        payment_id text primary key references payments (id),
        attempt int not null,
        due_at timestamptz not null,
        status text not null check (status in ('succeeded', 'requires_payment_method')),
        failure_code text not null default '',
        failure_message text not null default ''
      );
      create index sandbox_settlements_due on sandbox_settlements (due_at);

      create table refunds (
        id text primary key,
        payment_id text not null references payments (id),
        amount_cents int not null check (amount_cents > 0),
        provider_ref text not null default '',
        created_at timestamptz not null default now()
      );

      create table payout_accounts (
        supplier_id text primary key,
        account_id text not null unique,
        provider text not null check (provider in ('sandbox', 'stripe')),
        charges_enabled boolean not null default false,
        payouts_enabled boolean not null default false,
        created_at timestamptz not null default now()
      );

      create table processed_webhooks (
        event_id text primary key,
        type text not null,
        received_at timestamptz not null default now()
      );
    `,
  },
  {
    // A transfer waits for its order to complete; a canceled order's transfer is dropped.
    id: '002_payout_on_completion',
    sql: `
      alter table payment_transfers drop constraint payment_transfers_state_check;
      alter table payment_transfers add constraint payment_transfers_state_check check (state in ('pending', 'sent', 'canceled'));
      create index payment_transfers_by_order on payment_transfers (order_id);
      create index payment_transfers_by_supplier on payment_transfers (supplier_id, state);
      create table order_payouts (
        order_id text primary key,
        decision text not null check (decision in ('released', 'canceled')),
        decided_at timestamptz not null
      );
    `,
  },
  {
    // A sandbox method belongs to the customer that saved it and is spent once detached (ADR 079), as in Stripe.
    id: '003_sandbox_method_owner',
    sql: `
      alter table sandbox_payment_methods add column customer_id text not null default '';
      alter table sandbox_payment_methods add column detached boolean not null default false;
      update sandbox_payment_methods s set customer_id = c.customer_id
        from payment_methods m join customers c on c.user_id = m.user_id where m.id = s.id;
    `,
  },
];
