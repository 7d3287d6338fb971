import { consumeOnce, isEmail, type EventEnvelope, type Logger } from '@caskade/kit';
import type { Kysely, Transaction } from 'kysely';
import type { ContactDirectory } from '../contacts/directory';
import { insertEmail } from '../db/emails';
import { insertNotification } from '../db/notifications';
import type { NotificationsDB } from '../db/schema';
import { isOrderNotificationKind, orderNotificationPath } from '../domain/notifications';
import { orderEmailsFor, type OrderParty } from '../domain/order-emails';
import { orderEmail } from '../domain/order-templates';
import type { TemplateSettings } from '../domain/templates';

/** The facts of orders.order.transitioned an order email needs. */
export interface OrderTransition {
  orderId: string;
  orderNumber: string;
  customerId: string;
  providerId: string;
  fromState: string;
  toState: string;
  actor: string;
  payinTotalCents: number;
  refundCents: number;
  reason: string;
}

export interface OrderEmailDeps {
  db: Kysely<NotificationsDB>;
  settings: TemplateSettings;
  logger: Logger;
  contacts: ContactDirectory;
  /** After a commit that made notifications: whose (to push them to open pages). */
  notified?: (userIds: string[]) => void;
}

/** An order notification for one party: the in-app row (and its pushes), in the consumer's transaction. */
export interface OrderNotice {
  kind: string;
  to: OrderParty;
  userId: string;
  orderId: string;
  orderNumber: string;
  otherPartyName: string;
}

/** Write the in-app notification of an order email's kind, when it is one of the spec's notification kinds. */
export async function insertOrderNotice(trx: Transaction<NotificationsDB>, eventId: string, n: OrderNotice): Promise<boolean> {
  if (!isOrderNotificationKind(n.kind)) return false;
  const id = await insertNotification(trx, {
    eventId, userId: n.userId, kind: n.kind, orderId: n.orderId, orderNumber: n.orderNumber, otherPartyName: n.otherPartyName, path: orderNotificationPath(n.to, n.orderId),
  });
  return id !== null;
}

/**
 * The order emails of an order's move (the rule table in domain/order-emails.ts), queued once per
 * event: the addresses are asked of identity first (a failure throws, so the bus redelivers), then
 * every email of the event, each recipient's in-app notification (with its pushes) and the inbox
 * marker commit together. A party without an address (a deleted account) gets no email. Answers
 * how many emails were queued (0 for a redelivery).
 */
export async function queueOrderEmails(deps: OrderEmailDeps, consumer: string, event: EventEnvelope<OrderTransition>): Promise<number> {
  const t = event.data;
  const wanted = orderEmailsFor(t);
  if (wanted.length === 0) return 0;
  const ids: Record<OrderParty, string> = { customer: t.customerId, provider: t.providerId };
  const contacts = await deps.contacts.contacts(Object.values(ids));
  const other = (to: OrderParty) => contacts.get(ids[to === 'customer' ? 'provider' : 'customer']);
  const emails = wanted.flatMap(({ kind, to }) => {
    const contact = contacts.get(ids[to]);
    if (!contact || !isEmail(contact.email)) {
      deps.logger.warn({ eventId: event.id, orderId: t.orderId, kind, to }, 'order email skipped: the party has no address');
      return [];
    }
    const rendered = orderEmail({
      kind, to, recipientName: contact.name, otherPartyName: other(to)?.businessName ?? '', orderId: t.orderId, orderNumber: t.orderNumber,
      payinTotalCents: t.payinTotalCents, refundCents: t.refundCents, reason: t.reason,
    }, deps.settings);
    return [{ eventId: event.id, recipient: to, kind, to: contact.email, ...rendered }];
  });
  const notified: string[] = [];
  const fresh = await consumeOnce(deps.db, consumer, event, async (trx) => {
    for (const email of emails) await insertEmail(trx, email);
    for (const { kind, to } of wanted) {
      const notice = { kind, to, userId: ids[to], orderId: t.orderId, orderNumber: t.orderNumber, otherPartyName: other(to)?.businessName ?? '' };
      if (await insertOrderNotice(trx, event.id, notice)) notified.push(ids[to]);
    }
  });
  if (fresh && notified.length > 0) deps.notified?.(notified);
  return fresh ? emails.length : 0;
}
