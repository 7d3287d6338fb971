import { consumeOnce, isEmail, type EventEnvelope, type Logger } from '@caskade/kit';
import type { Kysely } from 'kysely';
import type { ContactDirectory } from '../contacts/directory';
import { insertEmail } from '../db/emails';
import type { NotificationsDB } from '../db/schema';
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
}

/**
 * The order emails of an order's move (the rule table in domain/order-emails.ts), queued once per
 * event: the addresses are asked of identity first (a failure throws, so the bus redelivers), then
 * every email of the event and the inbox marker commit together. A party without an address (a
 * deleted account) is skipped. Answers how many emails were queued (0 for a redelivery).
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
  const fresh = await consumeOnce(deps.db, consumer, event, async (trx) => {
    for (const email of emails) await insertEmail(trx, email);
  });
  return fresh ? emails.length : 0;
}
