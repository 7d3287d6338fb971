import type { Migration } from '@caskade/kit';
import type { ColumnType, Generated } from 'kysely';
import type { NotificationKind } from '../domain/notifications';
import type { EmailKind } from '../domain/templates';

/**
 * The service's own tables (the kit adds the outbox and `processed_events` before these).
 * `emails` is the email outbox: a row is written in the consumer's inbox transaction and a sender
 * delivers it; `next_attempt_at` is both the delivery lease of a claimed row and its retry time.
 * `mailbox` is the local mail drop of the embedded mode, keyed by the email's id so that
 * delivering the same email twice stores it once.
 */
export const NOTIFICATIONS_MIGRATIONS: Migration[] = [
  {
    id: '001_emails_mailbox',
    sql: `
create table emails (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null unique,
  kind text not null,
  to_address text not null check (to_address <> ''),
  subject text not null,
  text_body text not null,
  html_body text not null,
  state text not null default 'pending' check (state in ('pending', 'sent', 'failed')),
  attempts int not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  check ((state = 'sent') = (sent_at is not null))
);
create index emails_due on emails (next_attempt_at) where state = 'pending';

create table mailbox (
  id uuid primary key,
  kind text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now()
);
create index mailbox_newest on mailbox (created_at desc, id desc);
create index mailbox_by_recipient on mailbox (lower(to_address), created_at desc, id desc);
`,
  },
  {
    // An order event emails both parties: one email per event and recipient (buyer, supplier).
    id: '002_email_recipient',
    sql: `
alter table emails add column recipient text not null default '';
alter table emails drop constraint emails_event_id_key;
alter table emails add constraint emails_event_recipient unique (event_id, recipient);
`,
  },
  {
    // In-app notifications (one per event and user) and web push: the browsers' subscriptions and
    // the push outbox, one row per notification and subscription, written with the notification.
    id: '003_in_app_and_push',
    sql: `
create table notifications (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null,
  user_id uuid not null,
  kind text not null,
  order_id text not null default '',
  order_number text not null default '',
  conversation_id text not null default '',
  other_party_name text not null default '',
  path text not null,
  seen boolean not null default false,
  created_at timestamptz not null default now(),
  constraint notifications_event_user unique (event_id, user_id)
);
create index notifications_by_user on notifications (user_id, created_at desc, id desc);
create index notifications_unseen on notifications (user_id) where not seen;

create table push_subscriptions (
  endpoint text primary key check (endpoint like 'https://%' or endpoint like 'http://%'),
  user_id uuid not null,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_by_user on push_subscriptions (user_id);

create table pushes (
  id uuid primary key default gen_random_uuid(),
  notification_id uuid not null references notifications (id) on delete cascade,
  endpoint text not null,
  payload text not null,
  state text not null default 'pending' check (state in ('pending', 'sent', 'failed', 'gone')),
  attempts int not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint pushes_notification_endpoint unique (notification_id, endpoint)
);
create index pushes_due on pushes (next_attempt_at) where state = 'pending';
`,
  },
  {
    // The trace of the event an email was queued for (W3C traceparent), so its delivery joins it (ADR 054).
    id: '004_email_traceparent',
    sql: `alter table emails add column traceparent text;`,
  },
  {
    // The contact form's messages (ADR 059): kept, and emailed to the marketplace's inbox with them.
    id: '005_contact_messages',
    sql: `
create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 100),
  email text not null check (length(email) between 3 and 254),
  subject text not null check (length(subject) between 1 and 150),
  message text not null check (length(message) between 1 and 5000),
  user_id uuid,
  created_at timestamptz not null default now()
);
create index contact_messages_newest on contact_messages (created_at desc);
`,
  },
];

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type EmailState = 'pending' | 'sent' | 'failed';

export interface EmailsTable {
  id: Generated<string>;
  event_id: string;
  /** Which party of the event it is for ('customer', 'provider'); empty for an account email. */
  recipient: ColumnType<string, string | undefined, string>;
  kind: EmailKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  state: ColumnType<EmailState, EmailState | undefined, EmailState>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  traceparent: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  created_at: Timestamp;
}

export interface MailboxTable {
  id: string;
  kind: EmailKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  event_id: string;
  user_id: string;
  kind: NotificationKind;
  order_id: ColumnType<string, string | undefined, string>;
  order_number: ColumnType<string, string | undefined, string>;
  conversation_id: ColumnType<string, string | undefined, string>;
  other_party_name: ColumnType<string, string | undefined, string>;
  path: string;
  seen: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

export type PushState = 'pending' | 'sent' | 'failed' | 'gone';

export interface PushesTable {
  id: Generated<string>;
  notification_id: string;
  endpoint: string;
  payload: string;
  state: ColumnType<PushState, PushState | undefined, PushState>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface NotificationsDB {
  emails: EmailsTable;
  mailbox: MailboxTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  pushes: PushesTable;
  contact_messages: ContactMessagesTable;
}
