/**
 * Orders after purchase on the real catalog, payments and cart: every person-run transition checked
 * against the process tables for every role, delivery → receipt → completion by the timers, a
 * dispute settled with a partial refund, a cancel that restocks and refunds once (also when its
 * event is delivered again), two transitions racing on one order, and the timers firing once
 * across three replicas.
 */
import { randomUUID } from 'node:crypto';
import { AppError, type CallContext, type EventEnvelope } from '@caskade/kit';
import { PROCESSES, allowedTransitions, type Actor, type ProcessName } from '../domain/processes';
import { isPersonRunnable, TIMER_DURATIONS_MS } from '../domain/after-purchase';
import { ctxOf, describeOrders, eventually, type OrdersHarness } from '../testing/harness';
import { afterTransitionConsumer } from '../events/after-transition-consumer';
import { runDueTimers } from './timers';
import { sendReminder } from './automatic-steps';

const DAY = 24 * 60 * 60 * 1000;

interface Bought {
  orderId: string;
  checkoutId: string;
  listingId: string;
  buyer: CallContext;
  supplier: CallContext;
  payin: number;
}

/** A paid cart order (multi-vendor) of `quantity` kegs from a new supplier with 10 in stock. */
async function bought(h: OrdersHarness, quantity = 2): Promise<Bought> {
  const supplier = await h.supplier();
  const listing = await h.listing(supplier, `After Ale ${randomUUID().slice(0, 6)}`, 10);
  const { ctx, addressId } = await h.buyer();
  await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity, deliveryMethod: 'pickup' }, ctx);
  const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: false, billing: undefined }, ctx, { deadlineMs: 20_000 });
  const checkout = out.outcome?.checkout;
  const order = checkout?.orders[0];
  if (!checkout || !order || checkout.state !== 'purchased') throw new Error(`checkout not purchased: ${checkout?.state}`);
  return { orderId: order.id, checkoutId: checkout.id, listingId: listing.id, buyer: ctx, supplier, payin: order.priced?.payinTotalCents ?? 0 };
}

/** One listing bought now (the standard process), paid by card or on a payment term. */
async function boughtNow(h: OrdersHarness, term: '30_days' | null): Promise<Bought> {
  const supplier = await h.supplier();
  if (term) await h.cartClient.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: [term] }, supplier);
  const listing = await h.listing(supplier, `Now Ale ${randomUUID().slice(0, 6)}`, 10);
  const { ctx, addressId } = await h.buyer();
  const out = await h.client.initiateForListing({ expectedPayinTotalCents: 0,
    idempotencyKey: randomUUID(), listingId: listing.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup', deliveryAddressId: addressId,
    payment: { paymentMethodId: term ? '' : 'pm_card_visa', bankTransfer: false }, paymentTerm: term ?? 'none', speculative: false, billing: undefined, enquiryId: '',
  }, ctx, { deadlineMs: 20_000 });
  const checkout = out.outcome?.checkout;
  const order = checkout?.orders[0];
  if (!checkout || !order || checkout.state !== 'purchased') throw new Error(`checkout not purchased: ${checkout?.state}`);
  return { orderId: order.id, checkoutId: checkout.id, listingId: listing.id, buyer: ctx, supplier, payin: order.priced?.payinTotalCents ?? 0 };
}

const run = (h: OrdersHarness, ctx: CallContext, id: string, transition: string, params: Record<string, unknown> = {}) =>
  h.client.transitionOrder({ id, transition, paramsJson: JSON.stringify(params) }, ctx).then((r) => r.order);

const codeOf = (p: Promise<unknown>): Promise<string> => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? e.code : `unexpected ${String(e)}`));

const orderRow = (h: OrdersHarness, id: string) => h.orders.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const MV = 'transition/multi-vendor-';

describeOrders('orders after purchase', (harness, { test: it }, backend) => {
  it('delivery, receipt and completion: the activity, the timers, the payout state', async () => {
    const h = harness();
    const o = await bought(h);
    const delivered = await run(h, o.supplier, o.orderId, `${MV}mark-delivered`);
    expect([delivered?.state, delivered?.viewerRole]).toEqual(['delivered-multi-vendor', 'provider']);
    const forBuyer = (await h.client.getOrder({ id: o.orderId }, o.buyer)).order;
    expect(forBuyer?.allowedTransitions.sort()).toEqual([`${MV}dispute`, `${MV}mark-received`].sort());
    const received = await run(h, o.buyer, o.orderId, `${MV}mark-received`);
    expect([received?.state, received?.payoutStatus]).toEqual(['received-multi-vendor', 'pending']);
    expect(received?.activity.map((a) => [a.transition, a.actor])).toEqual([
      [`${MV}request-payment`, 'customer'], [`${MV}confirm-payment`, 'system'], [`${MV}mark-delivered`, 'provider'], [`${MV}mark-received`, 'customer'],
    ]);
    // Completion waits two days after receipt, then the supplier is paid out.
    h.clock.now += TIMER_DURATIONS_MS.autoComplete - 1000;
    await runDueTimers(h.orders.deps);
    expect((await orderRow(h, o.orderId)).state).toBe('received-multi-vendor');
    h.clock.now += 2000;
    await runDueTimers(h.orders.deps);
    const row = await orderRow(h, o.orderId);
    expect([row.state, row.payout_status, row.last_transition]).toEqual(['completed-multi-vendor', 'paid', `${MV}auto-complete`]);
    // The review period ends 14 days after completion (the shipping timer armed at purchase was disarmed on delivery); then nothing fires again.
    h.clock.now += TIMER_DURATIONS_MS.expireReviewPeriod + 1000;
    expect((await runDueTimers(h.orders.deps)).fired).toBe(1);
    expect((await orderRow(h, o.orderId)).last_transition).toBe(`${MV}expire-review-period`);
    h.clock.now += 30 * DAY;
    expect((await runDueTimers(h.orders.deps)).fired).toBe(0);
    expect((await orderRow(h, o.orderId)).state).toBe('completed-multi-vendor');
  }, 60_000);

  it('a dispute needs its reason; the operator settles it with a partial refund: one refund, the goods stay with the buyer (no stock back)', async () => {
    const h = harness();
    const o = await bought(h, 3);
    expect(await h.stockOf(o.listingId)).toBe(7);
    await run(h, o.supplier, o.orderId, `${MV}mark-delivered`);
    expect(await codeOf(run(h, o.buyer, o.orderId, `${MV}dispute`, {}))).toBe('validation-invalid-params');
    expect(await codeOf(run(h, o.buyer, o.orderId, `${MV}dispute`, { disputeReason: 'x'.repeat(2001) }))).toBe('validation-invalid-params');
    expect((await orderRow(h, o.orderId)).state).toBe('delivered-multi-vendor');
    const reason = 'Two kegs arrived warm <script>alert(1)</script> $& $1';
    const disputed = await run(h, o.buyer, o.orderId, `${MV}dispute`, { disputeReason: reason });
    expect([disputed?.state, disputed?.disputeReason, disputed?.activity.at(-1)?.note]).toEqual(['disputed-multi-vendor', reason, reason]);
    const operator = ctxOf(randomUUID(), 'operator');
    // The buyer may not settle with a refund of their choosing; the operator may not refund more than was paid.
    expect(await codeOf(run(h, o.buyer, o.orderId, `${MV}cancel-from-disputed`, {}))).toBe('transaction-invalid-transition');
    expect(await codeOf(run(h, operator, o.orderId, `${MV}cancel-from-disputed`, { refundCents: o.payin + 1 }))).toBe('validation-invalid-params');
    expect(await codeOf(run(h, operator, o.orderId, `${MV}cancel-from-disputed`, { refundCents: 'lots' }))).toBe('validation-invalid-params');
    const settled = await run(h, operator, o.orderId, `${MV}cancel-from-disputed`, { refundCents: 10_000 });
    // Part refunded: the supplier is paid what the refund leaves.
    expect([settled?.state, settled?.payoutStatus]).toEqual(['canceled-multi-vendor', 'paid']);
    const row = await eventually(() => orderRow(h, o.orderId), (r) => Number(r.refunded_cents) === 10_000);
    expect([Number(row.refunded_cents), row.payment_status]).toEqual([10_000, 'refunded']);
    // The refund was recorded after the restock step would have run: the 3 kegs the supplier is paid for are not on sale again.
    expect(await h.stockOf(o.listingId)).toBe(7);
    const payment = (await h.paymentsClient.getPayment({ paymentId: o.checkoutId }, { requestId: 't', caller: null })).payment;
    expect(payment?.refundedCents).toBe(10_000);
    // Nothing more may happen to a canceled order.
    expect((await h.client.getOrder({ id: o.orderId }, o.buyer)).order?.allowedTransitions).toEqual([]);
  }, 60_000);

  it('a buyer cancels before delivery: full refund and stock back, once, even when the event comes again', async () => {
    const h = harness();
    const o = await bought(h, 4);
    const canceled = await run(h, o.buyer, o.orderId, `${MV}buyer-cancel`);
    expect(canceled?.state).toBe('canceled-multi-vendor');
    await eventually(() => orderRow(h, o.orderId), (r) => Number(r.refunded_cents) === o.payin);
    expect(await eventually(() => h.stockOf(o.listingId), (n) => n === 10)).toBe(10);
    // The same event delivered again (a redelivery after a crash) changes nothing.
    const outbox = await h.orders.db.selectFrom('outbox' as never).select('payload' as never).execute() as unknown as { payload: EventEnvelope }[];
    const event = outbox.map((r) => r.payload).find((e) => e.type === 'orders.order.transitioned' && e.aggregateId === o.orderId && (e.data as { toState?: string }).toState === 'canceled-multi-vendor');
    if (!event) throw new Error('no cancel event in the outbox');
    await afterTransitionConsumer(h.orders.deps).handler(event);
    await afterTransitionConsumer(h.orders.deps).handler(event);
    expect(await h.stockOf(o.listingId)).toBe(10);
    const payment = (await h.paymentsClient.getPayment({ paymentId: o.checkoutId }, { requestId: 't', caller: null })).payment;
    expect([payment?.refundedCents, payment?.amountCents]).toEqual([o.payin, o.payin]);
  }, 60_000);

  it('two transitions racing on one order: exactly one wins, the other is told a transit is in progress', async () => {
    const h = harness();
    const o = await bought(h);
    const operator = ctxOf(randomUUID(), 'operator');
    const results = await Promise.all([
      codeOf(run(h, o.supplier, o.orderId, `${MV}mark-delivered`)),
      codeOf(run(h, o.buyer, o.orderId, `${MV}buyer-cancel`)),
      codeOf(run(h, operator, o.orderId, `${MV}cancel`)),
    ]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'transaction-invalid-transition')).toHaveLength(2);
    const activity = await h.orders.db.selectFrom('order_transitions').select('transition').where('order_id', '=', o.orderId).execute();
    expect(activity).toHaveLength(3);
  }, 60_000);

  /** How an order of each kind is bought, and the paths that lead to each state a person acts in. */
  const KINDS: { kind: string; process: ProcessName; buy: (h: OrdersHarness) => Promise<Bought>; paths: string[][] }[] = [
    {
      kind: 'a cart order', process: 'multi-vendor', buy: (h) => bought(h, 1),
      paths: [[], [`${MV}mark-delivered`], [`${MV}mark-delivered`, `${MV}dispute`], [`${MV}mark-delivered`, `${MV}mark-received`], [`${MV}buyer-cancel`]],
    },
    {
      kind: 'a listing bought now', process: 'release-1', buy: (h) => boughtNow(h, null),
      paths: [[], ['mark-delivered'], ['mark-delivered', 'dispute'], ['mark-delivered', 'mark-received'], ['buyer-cancel']],
    },
    {
      kind: 'an order on a payment term', process: 'release-1', buy: (h) => boughtNow(h, '30_days'),
      paths: [[], ['mark-delivered-delayed-payment'], ['mark-delivered-delayed-payment', 'dispute-delayed-payment'], ['mark-delivered-delayed-payment', 'mark-received-delayed-payment'], ['buyer-cancel-delayed-payment']],
    },
  ];
  for (const { kind, process, buy, paths } of KINDS) {
    it(`every transition for every role from each state of ${kind}: only the process table’s own, the rest refused`, async () => {
      const h = harness();
      const operator = ctxOf(randomUUID(), 'operator');
      const strangerBuyer = ctxOf(randomUUID(), 'buyer');
      const strangerSupplier = ctxOf(randomUUID(), 'supplier');
      const names = [...new Set(PROCESSES[process].transitions.map((t) => t.name))];
      for (const path of paths) {
        const o = await buy(h);
        const roles: [Actor, CallContext][] = [['customer', o.buyer], ['provider', o.supplier], ['operator', operator]];
        for (const step of path) await run(h, step.includes('mark-delivered') ? o.supplier : o.buyer, o.orderId, step, { disputeReason: 'broken seal' });
        const state = (await orderRow(h, o.orderId)).state;
        for (const [actor, ctx] of roles) {
          const expected = allowedTransitions(process, state, actor).filter((n) => { const d = PROCESSES[process].transitions.find((t) => t.name === n && t.from === state); return d !== undefined && isPersonRunnable(d); });
          expect({ state, actor, allowed: (await h.client.getOrder({ id: o.orderId }, ctx)).order?.allowedTransitions.filter((n) => n !== 'pay-now').sort() }).toEqual({ state, actor, allowed: expected.sort() });
          for (const name of names.filter((n) => !expected.includes(n))) {
            expect({ state, actor, name, code: await codeOf(run(h, ctx, o.orderId, name, { disputeReason: 'x', paymentMethodId: 'pm_card_visa' })) }).toEqual({ state, actor, name, code: 'transaction-invalid-transition' });
          }
        }
        for (const stranger of [strangerBuyer, strangerSupplier]) {
          for (const name of names) expect(await codeOf(run(h, stranger, o.orderId, name))).toBe('not-found');
        }
        expect((await orderRow(h, o.orderId)).state).toBe(state);
      }
    }, 180_000);
  }

  it('a reminder is sent once when a slow replica fires it after another did (its lease ran out)', async () => {
    const h = harness();
    const o = await bought(h, 1);
    await run(h, o.supplier, o.orderId, `${MV}mark-delivered`);
    const reminderRow = () => h.orders.db.selectFrom('order_timers').selectAll().where('kind', '=', 'r:orderReceivedReminder').where('subject_id', '=', o.orderId).executeTakeFirstOrThrow();
    const reminders = async () => ((await h.orders.db.selectFrom('outbox' as never).select('payload' as never).execute()) as unknown as { payload: EventEnvelope }[])
      .filter((r) => r.payload.type === 'orders.order.reminder' && r.payload.aggregateId === o.orderId).length;
    // Replica A claimed the reminder and stalled; its lease ran out and this replica fired it.
    const stale = await reminderRow();
    h.clock.now += TIMER_DURATIONS_MS.autoMarkReceived - 2 * DAY + 1000;
    await runDueTimers(h.orders.deps);
    expect((await reminderRow()).fired_at).not.toBeNull();
    expect(await reminders()).toBe(1);
    // A wakes up and fires the row it holds: nothing more is sent.
    await sendReminder(h.orders.deps, stale, 'orderReceivedReminder');
    expect(await reminders()).toBe(1);
    // A reminder armed again (another due time) is not taken by a firing of the old one.
    const later = new Date(h.clock.now + DAY);
    await h.orders.db.updateTable('order_timers').set({ fired_at: null, due_at: later }).where('id', '=', stale.id).execute();
    await sendReminder(h.orders.deps, stale, 'orderReceivedReminder');
    expect([await reminders(), (await reminderRow()).fired_at]).toEqual([1, null]);
    await sendReminder(h.orders.deps, await reminderRow(), 'orderReceivedReminder');
    expect(await reminders()).toBe(2);
  }, 60_000);

  if (backend === 'postgres') {
    it('three replicas: each automatic transition fires once', async () => {
      const h = harness();
      const replicas = [h.orders, await h.replica(), await h.replica()];
      const orders = await Promise.all([bought(h, 1), bought(h, 1), bought(h, 1)]);
      for (const o of orders) await run(h, o.supplier, o.orderId, `${MV}mark-delivered`);
      h.clock.now += TIMER_DURATIONS_MS.autoMarkReceived + 1000;
      const fired = await Promise.all(replicas.map((r) => runDueTimers(r.deps)));
      // Each order: the auto-mark-received transition (its reminder fired already or fires now, once).
      const rows = await Promise.all(orders.map((o) => orderRow(h, o.orderId)));
      expect(rows.map((r) => r.state)).toEqual(['received-multi-vendor', 'received-multi-vendor', 'received-multi-vendor']);
      const autos = await h.orders.db.selectFrom('order_transitions').select(['order_id']).where('transition', '=', `${MV}auto-mark-received`).where('order_id', 'in', orders.map((o) => o.orderId)).execute();
      expect(autos).toHaveLength(3);
      expect(fired.reduce((n, f) => n + f.fired, 0)).toBeGreaterThanOrEqual(3);
      // A timer fired again after its transition (a crash before it was marked fired) changes nothing.
      await h.orders.db.updateTable('order_timers').set({ fired_at: null, lease_until: null }).where('kind', '=', 't:autoMarkReceived').where('subject_id', 'in', orders.map((o) => o.orderId)).execute();
      await Promise.all(replicas.map((r) => runDueTimers(r.deps)));
      const again = await h.orders.db.selectFrom('order_transitions').select(['order_id']).where('transition', '=', `${MV}auto-mark-received`).where('order_id', 'in', orders.map((o) => o.orderId)).execute();
      expect(again).toHaveLength(3);
    }, 90_000);
  }
});
