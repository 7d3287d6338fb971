import { randomUUID } from 'node:crypto';
import { expectAppError } from '@caskade/kit/testing';
import { OrderTransitioned } from '@caskade/orders/events';
import { orderPayoutConsumer } from '../events/order-payout-consumer';
import { as, describePayments, ids, type PaymentsHarness } from '../testing/harness';
import { sendTransfers as sendOnce } from './send-transfers';

/** An orders.order.transitioned envelope of one order of `supplierId`. */
const transitioned = (orderId: string, supplierId: string, fromState: string, toState: string, id: string = randomUUID(), refundCents = 0) => ({
  id, type: OrderTransitioned.subject, occurredAt: new Date().toISOString(), aggregateId: orderId, aggregateVersion: 1,
  data: OrderTransitioned.encode({
    orderId, orderNumber: 'CK-1', checkoutId: 'checkout', customerId: ids.buyer, providerId: supplierId, processName: 'release-1', transition: 'auto-complete',
    fromState, toState, actor: 'system', actorId: '', payinTotalCents: 11_000, payoutTotalCents: 10_000, reason: '', refundCents, paymentTerm: 'none', paymentId: '',
  }),
});

describePayments('payouts: a supplier’s transfer waits for its order to complete; a cancel drops it', (h, { test: it }) => {
  /**
   * One pass of the transfer loop, then a wait for any pass the service's own loop (woken by a
   * release) has in flight: a row it holds is skipped by this pass, so taking every row's lock
   * waits for that pass to commit before the test reads what was sent.
   */
  const sendTransfers = async (deps: PaymentsHarness['svc']['deps']) => {
    await sendOnce(deps);
    await deps.db.transaction().execute((trx) => trx.selectFrom('payment_transfers').select('order_id').forUpdate().execute());
  };
  const stateOf = async (orderId: string) => (await h().svc.db.selectFrom('payment_transfers').select('state').where('order_id', '=', orderId).executeTakeFirst())?.state;
  const keysSent = (orderId: string) => h().transfers.filter((t) => t.idempotencyKey.endsWith(`:${orderId}`)).map((t) => t.amountCents);
  /** The consumer's handler, as the bus would call it on a (re)delivery. */
  const deliver = (h: PaymentsHarness, event: ReturnType<typeof transitioned>) => orderPayoutConsumer(h.svc.deps).handler(event);

  it('sends one transfer per order on completion, even with the event delivered twice; a cancel drops it', async () => {
    const { client, pay, svc } = h();
    await client.createSandboxPayoutAccount({ supplierId: ids.hops }, as.service);
    const [done, canceled, open] = [`order-${randomUUID()}`, `order-${randomUUID()}`, `order-${randomUUID()}`];
    await pay({ amountCents: 20_000, transfers: [{ supplierId: ids.hops, amountCents: 10_000, orderId: done }, { supplierId: ids.hops, amountCents: 4_000, orderId: canceled }, { supplierId: ids.hops, amountCents: 3_000, orderId: open }] });
    await sendTransfers(svc.deps);
    expect(h().transfers.filter((t) => [done, canceled, open].some((o) => t.idempotencyKey.endsWith(o)))).toEqual([]);
    // Delivered, then delivered again (same event id) and a second completion event (another id).
    const completed = transitioned(done, ids.hops, 'received', 'completed');
    await h().bus.publish(completed);
    await deliver(h(), completed);
    await deliver(h(), transitioned(done, ids.hops, 'completed', 'completed'));
    await deliver(h(), transitioned(canceled, ids.hops, 'disputed', 'canceled'));
    await deliver(h(), transitioned(open, ids.hops, 'purchased', 'delivered'));
    await Promise.all([sendTransfers(svc.deps), sendTransfers(svc.deps)]);
    await sendTransfers(svc.deps);
    expect(keysSent(done)).toEqual([10_000]);
    expect([await stateOf(done), await stateOf(canceled), await stateOf(open)]).toEqual(['sent', 'canceled', 'pending']);
    // A completion arriving after the cancel (it cannot, but a mis-ordered stream must not pay out) changes nothing.
    await deliver(h(), transitioned(canceled, ids.hops, 'received', 'completed'));
    await sendTransfers(svc.deps);
    expect(keysSent(canceled)).toEqual([]);
    expect(await stateOf(canceled)).toBe('canceled');
  });

  it('a dispute settled with a partial refund pays the supplier its payout less the refund; one refunding everything pays nothing', async () => {
    const { client, pay, svc } = h();
    await client.createSandboxPayoutAccount({ supplierId: ids.hops }, as.service);
    const [part, all] = [`order-${randomUUID()}`, `order-${randomUUID()}`];
    await pay({ amountCents: 22_000, transfers: [{ supplierId: ids.hops, amountCents: 10_000, orderId: part }, { supplierId: ids.hops, amountCents: 10_000, orderId: all }] });
    const settled = transitioned(part, ids.hops, 'disputed', 'canceled', randomUUID(), 3_000);
    await deliver(h(), settled);
    await deliver(h(), settled);
    await deliver(h(), transitioned(all, ids.hops, 'disputed', 'canceled', randomUUID(), 11_000));
    await sendTransfers(svc.deps);
    expect([keysSent(part), keysSent(all)]).toEqual([[7_000], []]);
    expect([await stateOf(part), await stateOf(all)]).toEqual(['sent', 'canceled']);
  });

  it('concurrent deliveries of one completion release one transfer', async () => {
    const { client, pay, svc } = h();
    await client.createSandboxPayoutAccount({ supplierId: ids.hops }, as.service);
    const order = `order-${randomUUID()}`;
    await pay({ amountCents: 5_000, transfers: [{ supplierId: ids.hops, amountCents: 4_500, orderId: order }] });
    const event = transitioned(order, ids.hops, 'received-multi-vendor', 'completed-multi-vendor');
    await Promise.all([deliver(h(), event), deliver(h(), event), deliver(h(), event)]);
    await Promise.all([sendTransfers(svc.deps), sendTransfers(svc.deps)]);
    expect(keysSent(order)).toEqual([4_500]);
  });

  it('a term order completed before its due-date charge is paid out once the charge succeeds', async () => {
    const { client, pay, svc } = h();
    await client.createSandboxPayoutAccount({ supplierId: ids.hops }, as.service);
    const order = randomUUID();
    await deliver(h(), transitioned(order, ids.hops, 'received-delayed-payment', 'completed'));
    await sendTransfers(svc.deps);
    expect(keysSent(order)).toEqual([]);
    // The due date: orders charges the term order (payment id = order id) with its transfer.
    await pay({ paymentId: order, amountCents: 8_000, transfers: [{ supplierId: ids.hops, amountCents: 7_000, orderId: order }] });
    await sendTransfers(svc.deps);
    expect(keysSent(order)).toEqual([7_000]);
  });

  it('totals a supplier’s payouts: paid out = sent, pending = completed and not sent yet; held or canceled orders do not count', async () => {
    const { client, pay, svc } = h();
    const [sent, waiting, held, dropped] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await pay({ amountCents: 20_000, transfers: [{ supplierId: ids.vines, amountCents: 6_000, orderId: sent }, { supplierId: ids.vines, amountCents: 2_500, orderId: waiting }, { supplierId: ids.vines, amountCents: 1_000, orderId: held }, { supplierId: ids.vines, amountCents: 700, orderId: dropped }] });
    const vines = { requestId: 'test', caller: { userId: ids.vines, role: 'supplier' as const, scopes: [] } };
    expect(await client.getPayoutTotals({ supplierId: '' }, vines)).toEqual({ paidOutCents: 0, pendingCents: 0 });
    await deliver(h(), transitioned(sent, ids.vines, 'received', 'completed'));
    await deliver(h(), transitioned(waiting, ids.vines, 'received', 'completed'));
    await deliver(h(), transitioned(dropped, ids.vines, 'disputed', 'canceled'));
    // No payout account yet: both completed orders wait.
    await sendTransfers(svc.deps);
    expect(await client.getPayoutTotals({ supplierId: '' }, vines)).toEqual({ paidOutCents: 0, pendingCents: 8_500 });
    await client.createSandboxPayoutAccount({ supplierId: ids.vines }, as.service);
    await svc.db.updateTable('payment_transfers').set({ next_attempt_at: new Date(0) }).where('order_id', '=', sent).execute();
    await sendTransfers(svc.deps);
    expect(await stateOf(sent)).toBe('sent');
    expect(await client.getPayoutTotals({ supplierId: ids.vines }, as.operator)).toEqual({ paidOutCents: 6_000, pendingCents: 2_500 });
    expect(await client.getPayoutTotals({ supplierId: ids.vines }, as.service)).toEqual({ paidOutCents: 6_000, pendingCents: 2_500 });
    await expectAppError(client.getPayoutTotals({ supplierId: ids.vines }, as.hops), 'forbidden');
    await expectAppError(client.getPayoutTotals({ supplierId: '' }, as.service), 'auth-unauthenticated');
  });
});
