import { consumeOnce, type EventEnvelope, type Logger } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { insertNotification } from '../db/notifications';
import type { NotificationsDB } from '../db/schema';
import { conversationPath } from '../domain/notifications';

/** The facts of messaging.message.sent a notification needs. */
export interface SentMessage {
  messageId: string;
  conversationId: string;
  senderId: string;
  recipientId: string;
  kind: string;
  senderName: string;
}

export interface MessageNotificationDeps {
  db: Kysely<NotificationsDB>;
  logger: Logger;
  notified?: (userIds: string[]) => void;
}

/**
 * A person's message tells its recipient (in-app and push), once per event. The default order
 * message and a dispute's reason are written by the system for an order whose own notification
 * (newOrder, orderDisputed) already tells the supplier, so they make none.
 */
export async function notifyNewMessage(deps: MessageNotificationDeps, consumer: string, event: EventEnvelope<SentMessage>): Promise<boolean> {
  const m = event.data;
  if (m.kind !== 'text' || m.recipientId === '' || m.recipientId === m.senderId) return false;
  let made = false;
  await consumeOnce(deps.db, consumer, event, async (trx) => {
    made = (await insertNotification(trx, { eventId: event.id, userId: m.recipientId, kind: 'newMessage', conversationId: m.conversationId, otherPartyName: m.senderName, path: conversationPath(m.conversationId) })) !== null;
  });
  if (made) deps.notified?.([m.recipientId]);
  return made;
}
