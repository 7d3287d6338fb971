import { enqueueEvent } from '@caskade/kit';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { notificationText, type NotificationKind } from '../domain/notifications';
import { NotificationCreated } from '../events/registry';
import type { NotificationsDB, NotificationsTable } from './schema';

export interface NewNotification {
  eventId: string;
  userId: string;
  kind: NotificationKind;
  orderId?: string;
  orderNumber?: string;
  conversationId?: string;
  otherPartyName?: string;
  /** Where opening it goes (domain/notifications.ts). */
  path: string;
}

export type NotificationRow = Selectable<NotificationsTable>;

/** What a push carries: the notification's text and where a click goes (read by /sw.js). */
export interface PushPayload {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  path: string;
}

/**
 * Write a notification inside the consumer's transaction, one push per browser its user has
 * subscribed, and notifications.notification.created (the open pages' bell). The unique
 * (event id, user) makes a second copy of the same event's notification a no-op (and then no
 * second push or event). Answers the new row's id, or null when it already existed.
 */
export async function insertNotification(trx: Transaction<NotificationsDB>, n: NewNotification): Promise<string | null> {
  const row = await trx
    .insertInto('notifications')
    .values({
      event_id: n.eventId, user_id: n.userId, kind: n.kind, order_id: n.orderId ?? '', order_number: n.orderNumber ?? '',
      conversation_id: n.conversationId ?? '', other_party_name: n.otherPartyName ?? '', path: n.path,
    })
    .onConflict((oc) => oc.constraint('notifications_event_user').doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  if (!row) return null;
  await enqueueEvent(trx, NotificationCreated, {
    aggregateId: row.id,
    data: {
      notificationId: row.id, userId: n.userId, kind: n.kind, createdAt: new Date(row.created_at).toISOString(), orderId: n.orderId ?? '', orderNumber: n.orderNumber ?? '',
      conversationId: n.conversationId ?? '', otherPartyName: n.otherPartyName ?? '', path: n.path,
    },
  });
  const text = notificationText({ kind: n.kind, orderNumber: n.orderNumber ?? '', otherPartyName: n.otherPartyName ?? '' });
  const payload: PushPayload = { id: row.id, kind: n.kind, ...text, path: n.path };
  await sql`
    insert into pushes (notification_id, endpoint, payload)
    select ${row.id}, endpoint, ${JSON.stringify(payload)} from push_subscriptions where user_id = ${n.userId}
    on conflict do nothing
  `.execute(trx);
  return row.id;
}

/** A user's notifications, newest first, and how many of all of theirs are unseen. */
export async function findNotifications(db: Kysely<NotificationsDB>, userId: string, limit: number): Promise<{ rows: NotificationRow[]; unseen: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('seen', '=', false).executeTakeFirstOrThrow(),
  ]);
  return { rows, unseen: Number(count.n) };
}

/** Mark seen only when it is this user's: another's (or none) answers undefined. */
export async function markNotificationSeen(db: Kysely<NotificationsDB>, userId: string, id: string): Promise<NotificationRow | undefined> {
  return db.updateTable('notifications').set({ seen: true }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}
