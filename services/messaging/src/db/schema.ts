import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** bigint columns come back as strings from pg and numbers from PGlite; the repositories convert. */
type BigIntColumn = ColumnType<string | number, string | number | bigint, string | number | bigint>;

export interface ParticipantsTable {
  user_id: string;
  /** buyer or supplier. */
  role: string;
  /** The name the other party sees (a supplier's brand or company name, a buyer's company or display name). */
  name: string;
  status: 'active' | 'banned' | 'deleted';
  /** The highest identity aggregate version applied to the name (older events do not overwrite newer names). */
  name_version: number;
  updated_at: Timestamp;
}

export interface ConversationsTable {
  id: string;
  buyer_id: string;
  supplier_id: string;
  created_at: Timestamp;
  last_message_at: Timestamp;
  last_message_preview: Generated<string>;
  /** The seq of the last message from the supplier (buyer's unseen when above buyer_seen_seq), and the other way round. */
  buyer_incoming_seq: Generated<BigIntColumn>;
  supplier_incoming_seq: Generated<BigIntColumn>;
  buyer_seen_seq: Generated<BigIntColumn>;
  supplier_seen_seq: Generated<BigIntColumn>;
}

export interface ConversationOrdersTable {
  order_id: string;
  conversation_id: string;
  order_number: string;
  /** The order's state as last heard (the operator reads a conversation while one is disputed). */
  state: string;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: string;
  seq: Generated<BigIntColumn>;
  conversation_id: string;
  sender_id: string;
  content: string;
  kind: 'text' | 'default-order' | 'dispute';
  transaction_id: string | null;
  /** Set for the platform's messages (default-order:<order>, dispute:<event>): each is sent once. */
  dedup_key: string | null;
  created_at: Timestamp;
}

export interface MessagingDB {
  participants: ParticipantsTable;
  conversations: ConversationsTable;
  conversation_orders: ConversationOrdersTable;
  messages: MessagesTable;
}

export type Trx = Transaction<MessagingDB>;
export type Db = Kysely<MessagingDB> | Trx;

export const MESSAGING_MIGRATIONS = [
  {
    id: '001_messaging',
    sql: `
      create table participants (
        user_id uuid primary key,
        role text not null check (role in ('buyer', 'supplier')),
        name text not null default '',
        status text not null default 'active' check (status in ('active', 'banned', 'deleted')),
        name_version integer not null default 0,
        updated_at timestamptz not null
      );
      create index participants_name on participants (lower(name));

      create table conversations (
        id uuid primary key,
        buyer_id uuid not null,
        supplier_id uuid not null,
        created_at timestamptz not null,
        last_message_at timestamptz not null,
        last_message_preview text not null default '',
        buyer_incoming_seq bigint not null default 0,
        supplier_incoming_seq bigint not null default 0,
        buyer_seen_seq bigint not null default 0,
        supplier_seen_seq bigint not null default 0,
        constraint conversations_one_per_pair unique (buyer_id, supplier_id),
        check (buyer_id <> supplier_id)
      );
      create index conversations_buyer on conversations (buyer_id, last_message_at desc, id);
      create index conversations_supplier on conversations (supplier_id, last_message_at desc, id);

      create table conversation_orders (
        order_id uuid primary key,
        conversation_id uuid not null references conversations (id) on delete cascade,
        order_number text not null default '',
        state text not null default '',
        updated_at timestamptz not null
      );
      create index conversation_orders_conversation on conversation_orders (conversation_id);

      create table messages (
        id uuid primary key,
        seq bigint generated always as identity unique,
        conversation_id uuid not null references conversations (id) on delete cascade,
        sender_id uuid not null,
        content text not null check (length(content) between 1 and 5000),
        kind text not null check (kind in ('text', 'default-order', 'dispute')),
        transaction_id uuid,
        dedup_key text unique,
        created_at timestamptz not null
      );
      create index messages_conversation on messages (conversation_id, seq desc);
    `,
  },
];
