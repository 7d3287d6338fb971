/**
 * orders.order.reminder on a local bus → one reminder email to whom it is for, once per event, on
 * each database: the buyer before receipt is assumed and before a term charge, the supplier before an
 * undelivered order is cancelled.
 */
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@caskade/kit';
import { OrderReminder } from '@caskade/orders/events';
import { REMINDER_KINDS, STANDING_ORDER_REMINDER_KIND } from '@caskade/orders/domain';
import { ORDER_REMINDER_EMAIL_KINDS } from '../domain/templates';
import { ordersEvents } from '@caskade/proto';
import { describeNotifications, parties, PUBLIC_URL, waitFor } from '../testing/harness';

function reminder(kind: string, recipientRole: string, orderNumber: string): EventEnvelope {
  const data = ordersEvents.OrderReminder.fromPartial({
    orderId: randomUUID(), orderNumber, customerId: parties.buyer.id, providerId: parties.supplier.id, kind, recipientRole,
    dueAt: '2026-12-10T02:00:00.000Z', payinTotalCents: 123_456,
  });
  return { id: randomUUID(), type: OrderReminder.subject, occurredAt: new Date().toISOString(), aggregateId: data.orderId, aggregateVersion: 0, data: OrderReminder.encode(data) };
}

describeNotifications('notifications: order reminders', (h, { test: it }) => {
  const emailsOf = (orderNumber: string) => h().svc.db.selectFrom('emails').select(['kind', 'to_address', 'subject', 'text_body', 'html_body']).where('subject', 'like', `%${orderNumber}%`).execute();

  const CASES = [
    ['orderReceivedReminder', 'customer', parties.buyer.email, 'Did order CK-R1 arrive?', 'open a dispute before Thursday 10 December 2026', '/orders/'],
    ['expireShippingTime', 'provider', parties.supplier.email, 'Order CK-R2 is waiting to be delivered', 'before Thursday 10 December 2026; otherwise it is cancelled', '/sales/'],
    ['dueDate', 'customer', parties.buyer.email, 'Payment for order CK-R3 is due soon', '$1,234.56 will then be charged to your default payment method', '/orders/'],
    ['standingOrderRun', 'customer', parties.buyer.email, 'Your standing order (from order CK-R4) runs again soon', 'is placed again on Thursday 10 December 2026', '/orders/'],
  ] as const;
  CASES.forEach(([kind, role, to, subject, sentence, side], i) => it(`${kind}: one email to the ${role === 'customer' ? 'buyer' : 'supplier'}, however often the event comes`, async () => {
    const number = `CK-R${i + 1}`;
    const event = reminder(kind, role, number);
    await h().bus.publish(event);
    await h().bus.publish(event);
    await waitFor(async () => (await emailsOf(number)).length === 1, 'queued');
    await new Promise((r) => setTimeout(r, 200));
    const emails = await emailsOf(number);
    expect(emails.map((e) => [e.kind, e.to_address, e.subject])).toEqual([[kind, to, subject]]);
    expect(emails[0]?.text_body).toContain(sentence);
    expect(emails[0]?.html_body).toContain(`${PUBLIC_URL}${side}${(event.data as { orderId: string }).orderId}`);
  }));

  it('an unknown reminder kind or role sends nothing', async () => {
    await h().bus.publish(reminder('somethingElse', 'customer', 'CK-R9'));
    await h().bus.publish(reminder('dueDate', 'operator', 'CK-R9'));
    await new Promise((r) => setTimeout(r, 300));
    expect(await emailsOf('CK-R9')).toEqual([]);
  });
});

describe('reminder kinds', () => {
  it('every reminder the orders service sends has an email', () => {
    expect([...REMINDER_KINDS, STANDING_ORDER_REMINDER_KIND].sort()).toEqual([...ORDER_REMINDER_EMAIL_KINDS].sort());
  });
});
