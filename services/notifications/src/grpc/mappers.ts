import type { notifications } from '@caskade/proto';
import type { MailboxRow } from '../db/mailbox';
import type { NotificationRow } from '../db/notifications';

export function toMailboxMessage(r: MailboxRow): notifications.MailboxMessage {
  return { id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, kind: r.kind, createdAt: r.createdAt.toISOString() };
}

export function toNotification(r: NotificationRow): notifications.Notification {
  return {
    id: r.id, kind: r.kind, seen: r.seen, createdAt: new Date(r.created_at).toISOString(), orderId: r.order_id, orderNumber: r.order_number,
    conversationId: r.conversation_id, otherPartyName: r.other_party_name, path: r.path,
  };
}
