import { consumeOnce, isEmail, type EventEnvelope } from '@caskade/kit';
import { insertEmail } from '../db/emails';
import type { OrderParty } from '../domain/order-emails';
import { orderEmail } from '../domain/order-templates';
import { ORDER_EMAIL_KINDS, type OrderEmailKind } from '../domain/templates';
import { insertOrderNotice, type OrderEmailDeps } from './queue-order-emails';

/** The facts of orders.order.reminder a reminder email needs. */
export interface OrderReminderFacts {
  orderId: string;
  orderNumber: string;
  customerId: string;
  providerId: string;
  kind: string;
  recipientRole: string;
  dueAt: string;
  payinTotalCents: number;
}

const isKind = (k: string): k is OrderEmailKind => (ORDER_EMAIL_KINDS as readonly string[]).includes(k);

/**
 * One reminder email to whom it is for, and their in-app notification (a spec kind; not the
 * standing order's notice), queued once per event (0 for a redelivery or an unknown kind).
 */
export async function queueReminderEmail(deps: OrderEmailDeps, consumer: string, event: EventEnvelope<OrderReminderFacts>): Promise<number> {
  const r = event.data;
  const to: OrderParty | null = r.recipientRole === 'customer' || r.recipientRole === 'provider' ? r.recipientRole : null;
  const kind = r.kind;
  if (!to || !isKind(kind)) return 0;
  const ids: Record<OrderParty, string> = { customer: r.customerId, provider: r.providerId };
  const contacts = await deps.contacts.contacts(Object.values(ids));
  const contact = contacts.get(ids[to]);
  const other = contacts.get(ids[to === 'customer' ? 'provider' : 'customer']);
  const email = contact && isEmail(contact.email) ? { address: contact.email, ...orderEmail({
    kind, to, recipientName: contact.name, otherPartyName: other?.businessName ?? '', orderId: r.orderId, orderNumber: r.orderNumber,
    payinTotalCents: r.payinTotalCents, refundCents: 0, reason: '', dueAt: r.dueAt,
  }, deps.settings) } : null;
  if (!email) deps.logger.warn({ eventId: event.id, orderId: r.orderId, kind, to }, 'reminder email skipped: the party has no address');
  let notified = false;
  const fresh = await consumeOnce(deps.db, consumer, event, async (trx) => {
    if (email) await insertEmail(trx, { eventId: event.id, recipient: to, kind, to: email.address, subject: email.subject, text: email.text, html: email.html });
    notified = await insertOrderNotice(trx, event.id, { kind, to, userId: ids[to], orderId: r.orderId, orderNumber: r.orderNumber, otherPartyName: other?.businessName ?? '' });
  });
  if (fresh && notified) deps.notified?.([ids[to]]);
  return fresh && email ? 1 : 0;
}
