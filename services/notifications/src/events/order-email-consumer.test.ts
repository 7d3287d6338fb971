/**
 * orders.order.transitioned on a local bus → the order emails queued → delivered into the mailbox,
 * on each database: each kind to the right party, once per event, user text inert in the HTML.
 */
import { describeNotifications, orderTransitioned, parties, partyContacts, PUBLIC_URL, testLogger, waitFor, type NotificationsHarness } from '../testing/harness';
import { queueOrderEmails } from '../app/queue-order-emails';
import { OrderEmailConsumer } from './registry';

const sentTo = async (h: NotificationsHarness, orderNumber: string) => {
  const rows = await h.svc.db.selectFrom('emails').select(['kind', 'to_address', 'subject', 'text_body', 'html_body', 'state']).where('subject', 'like', `%${orderNumber}%`).orderBy('to_address').execute();
  return rows;
};

describeNotifications('notifications: order emails for orders’ events', (h, { test: it }) => {
  const CASES = [
    ['purchased', 'pending-payment', 'purchased', 'system', [['newOrder', parties.supplier.email, '/sales/']]],
    ['purchased on a term', 'initial', 'purchased-delayed-payment', 'customer', [['newOrder', parties.supplier.email, '/sales/']]],
    ['delivered', 'purchased', 'delivered', 'provider', [['orderDelivered', parties.buyer.email, '/orders/']]],
    ['received', 'delivered-multi-vendor', 'received-multi-vendor', 'customer', [['orderReceived', parties.supplier.email, '/sales/']]],
    ['received from disputed', 'disputed-delayed-payment', 'received-delayed-payment', 'provider', [['orderReceivedFromDisputed', parties.buyer.email, '/orders/']]],
    ['cancelled', 'purchased', 'canceled', 'customer', [['orderCancelled', parties.buyer.email, '/orders/'], ['orderCancelled', parties.supplier.email, '/sales/']]],
    ['auto-cancelled from disputed', 'disputed', 'canceled', 'system', [['autoCancelOrderFromDisputed', parties.buyer.email, '/orders/'], ['autoCancelOrderFromDisputed', parties.supplier.email, '/sales/']]],
  ] as const;
  for (const [what, fromState, toState, actor, expected] of CASES) it(`${what}: each email to its party, linking to its side of the order`, async () => {
    const orderNumber = `CK-${Math.floor(Math.random() * 1e8)}`;
    const event = orderTransitioned({ fromState, toState, actor, orderNumber, refundCents: 33_000 });
    await h().bus.publish(event);
    await waitFor(async () => (await sentTo(h(), orderNumber)).length === expected.length && (await sentTo(h(), orderNumber)).every((e) => e.state === 'sent'), 'delivery');
    const emails = await sentTo(h(), orderNumber);
    // Rows come ordered by address, and the buyer's address sorts before the supplier's.
    expect(emails.map((e) => [e.kind, e.to_address])).toEqual(expected.map(([kind, to]) => [kind, to]));
    for (const [kind, to, side] of expected) {
      const email = emails.find((e) => e.to_address === to && e.kind === kind);
      const url = `${PUBLIC_URL}${side}${(event.data as { orderId: string }).orderId}`;
      expect(email?.text_body).toContain(url);
      expect(email?.html_body).toContain(`href="${url}"`);
      expect(email?.html_body).toContain('<html lang="en-AU">');
    }
    const mailbox = await h().mailboxTo(expected[0][1]);
    expect(mailbox.filter((m) => m.subject.includes(orderNumber)).map((m) => m.kind)).toEqual([expected[0][0]]);
  });

  it('a cancel tells the buyer the refund in en-AU dollars', async () => {
    await h().bus.publish(orderTransitioned({ fromState: 'disputed', toState: 'canceled', actor: 'operator', orderNumber: 'CK-REFUND-1', refundCents: 123_456 }));
    await waitFor(async () => (await sentTo(h(), 'CK-REFUND-1')).length === 2, 'queued');
    const [buyer, supplier] = await sentTo(h(), 'CK-REFUND-1');
    expect(buyer?.to_address).toBe(parties.buyer.email);
    expect(buyer?.text_body).toContain('Your order CK-REFUND-1 with Hop Hill Brewing has been cancelled.');
    expect(buyer?.text_body).toContain('A refund of $1,234.56 goes back to your payment method.');
    expect(supplier?.text_body).toContain('Order CK-REFUND-1 from Fitzroy Cellars has been cancelled.');
    expect(supplier?.text_body).toContain('$1,234.56 is refunded to the buyer');
  });

  it('a dispute tells the supplier the reason as text: a <script> in it is inert in the HTML', async () => {
    const reason = 'Two kegs arrived flat.\n<script>alert("x")</script><img src=x onerror=alert(1)> & "more"';
    await h().bus.publish(orderTransitioned({ fromState: 'delivered', toState: 'disputed', actor: 'customer', orderNumber: 'CK-DISPUTE-1', reason }));
    await waitFor(async () => (await sentTo(h(), 'CK-DISPUTE-1')).length === 1, 'queued');
    const [email] = await sentTo(h(), 'CK-DISPUTE-1');
    expect(email).toMatchObject({ kind: 'orderDisputed', to_address: parties.supplier.email, subject: 'Order CK-DISPUTE-1 has been disputed' });
    expect(email?.html_body).not.toContain('<script');
    expect(email?.html_body).not.toContain('<img');
    expect(email?.html_body).toContain('Two kegs arrived flat.\n&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;more&quot;');
    expect(email?.text_body).toContain('Fitzroy Cellars has disputed order CK-DISPUTE-1. Their reason:\n\n> Two kegs arrived flat.\n> <script>alert("x")</script>');
  });

  it('an event delivered twice (or concurrently) queues its emails once; a move that emails nobody queues nothing', async () => {
    const harness = h();
    const event = orderTransitioned({ fromState: 'purchased', toState: 'canceled', actor: 'operator', orderNumber: 'CK-TWICE-1', refundCents: 500 });
    const deps = { db: harness.svc.db, settings: { publicUrl: PUBLIC_URL }, logger: testLogger, contacts: partyContacts() };
    const deliver = () => queueOrderEmails(deps, OrderEmailConsumer.name, event as Parameters<typeof queueOrderEmails>[2]);
    const counts = await Promise.all([deliver(), deliver()]);
    expect(counts.sort()).toEqual([0, 2]);
    expect(await deliver()).toBe(0);
    await harness.bus.publish(event);
    await harness.bus.publish(event);
    await new Promise((r) => setTimeout(r, 200));
    expect((await sentTo(harness, 'CK-TWICE-1')).map((e) => e.to_address)).toEqual([parties.buyer.email, parties.supplier.email]);
    const quiet = orderTransitioned({ fromState: 'received', toState: 'completed', actor: 'system', orderNumber: 'CK-QUIET-1' });
    expect(await queueOrderEmails(deps, OrderEmailConsumer.name, quiet as Parameters<typeof queueOrderEmails>[2])).toBe(0);
    expect(await sentTo(harness, 'CK-QUIET-1')).toEqual([]);
  });

  it('skips a party whose account is gone and still emails the other', async () => {
    await h().bus.publish(orderTransitioned({ fromState: 'purchased', toState: 'canceled', actor: 'customer', orderNumber: 'CK-GONE-1', providerId: parties.deletedId }));
    await waitFor(async () => (await sentTo(h(), 'CK-GONE-1')).length === 1, 'queued');
    expect((await sentTo(h(), 'CK-GONE-1')).map((e) => [e.kind, e.to_address])).toEqual([['orderCancelled', parties.buyer.email]]);
  });
});
