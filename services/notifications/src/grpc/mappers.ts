import type { notifications } from '@caskade/proto';
import type { MailboxRow } from '../db/mailbox';

export function toMailboxMessage(r: MailboxRow): notifications.MailboxMessage {
  return { id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, kind: r.kind, createdAt: r.createdAt.toISOString() };
}
