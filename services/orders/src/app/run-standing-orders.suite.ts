/**
 * Standing order runs on the real services: the buyer is told two days ahead (once), the run
 * places the order at today's price on the saved card, once — also when the same run is tried
 * again — and plans the next; a paused order neither runs nor notifies; a run the catalog refuses
 * is recorded and the next one planned.
 */
import type { EventEnvelope } from '@caskade/kit';
import { catalog } from '@caskade/proto';
import { NOTICE_LEAD_MS } from '../domain/standing-orders';
import { describeOrders, type OrdersHarness } from '../testing/harness';
import { paidOrder } from '../testing/orders-fixtures';
import { runDueStandingOrders } from './run-standing-orders';
import { STANDING_ORDER_REMINDER_KIND } from '../domain/standing-orders';

const WEEK = 7 * 24 * 60 * 60 * 1000;

async function standing(h: OrdersHarness, stock = 50) {
  const bought = await paidOrder(h, [{ title: 'Standing Lager', stock, quantity: 2 }]);
  const method = (await h.paymentsClient.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, bought.buyer)).method?.id ?? '';
  const created = (await h.client.createStandingOrder({ orderId: bought.order.id, intervalWeeks: 1, paymentMethodId: method }, bought.buyer)).standingOrder;
  return { ...bought, id: created?.id ?? '' };
}

const notices = async (h: OrdersHarness, orderId: string) =>
  ((await h.orders.db.selectFrom('outbox' as never).select('payload' as never).execute()) as unknown as { payload: EventEnvelope }[])
    .map((r) => r.payload)
    .filter((e) => e.type === 'orders.order.reminder' && e.aggregateId === orderId && (e.data as { kind?: string }).kind === STANDING_ORDER_REMINDER_KIND);

const checkoutsOf = async (h: OrdersHarness, buyerId: string) => (await h.orders.db.selectFrom('checkouts').select(['id', 'state']).where('buyer_id', '=', buyerId).execute()).length;

describeOrders('standing order runs', (harness, { test: it }) => {
  it('tells the buyer two days ahead, then orders at today’s price on the saved card, once', async () => {
    const h = harness();
    const s = await standing(h);
    const buyerId = s.buyer.caller?.userId ?? '';
    const fields = catalog.ListingFields.fromPartial({ pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 25_000, sku: 'KEG-50' }] });
    await h.catalogClient.updateListing({ id: s.listings[0]?.id ?? '', fields, updateMask: ['pricePackages'], expectedVersion: 0, stock: undefined }, s.supplier);

    h.clock.now += WEEK - NOTICE_LEAD_MS - 60_000;
    expect(await runDueStandingOrders(h.orders.deps)).toEqual({ ran: 0, noticed: 0, more: false });
    h.clock.now += 120_000;
    expect(await runDueStandingOrders(h.orders.deps)).toEqual({ ran: 0, noticed: 1, more: false });
    expect(await runDueStandingOrders(h.orders.deps)).toEqual({ ran: 0, noticed: 0, more: false });
    const [notice] = await notices(h, s.order.id);
    expect([(await notices(h, s.order.id)).length, (notice?.data as { customerId?: string; dueAt?: string } | undefined)?.customerId]).toEqual([1, buyerId]);

    const before = await checkoutsOf(h, buyerId);
    h.clock.now += NOTICE_LEAD_MS;
    expect(await runDueStandingOrders(h.orders.deps)).toEqual({ ran: 1, noticed: 0, more: false });
    const after = (await h.client.queryStandingOrders({}, s.buyer)).standingOrders[0];
    expect([after?.lastResult, after?.nextRunAt]).toEqual(['ordered', new Date(new Date(after?.lastRunAt ?? 0).getTime() - 60_000 + WEEK).toISOString()]);
    expect(await checkoutsOf(h, buyerId)).toBe(before + 1);
    const placed = await h.client.getCheckout({ id: after?.lastCheckoutId ?? '' }, s.buyer);
    expect([placed.checkout?.state, placed.checkout?.orders[0]?.priced?.lineItems.find((l) => l.code === 'units')?.unitPriceCents]).toEqual(['purchased', 25_000]);
    expect(await runDueStandingOrders(h.orders.deps)).toEqual({ ran: 0, noticed: 0, more: false });
    expect(await h.stockOf(s.listings[0]?.id ?? '')).toBe(46);
  }, 90_000);

  it('a paused order neither runs nor notifies; a run the catalog refuses is recorded and the next planned', async () => {
    const h = harness();
    const s = await standing(h);
    await h.client.updateStandingOrder({ id: s.id, paused: true, skipNext: false }, s.buyer);
    // Other suites' standing orders share this schema: each pass is judged by this one's record.
    const mine = async () => (await h.client.queryStandingOrders({}, s.buyer)).standingOrders[0];
    h.clock.now += 2 * WEEK;
    await runDueStandingOrders(h.orders.deps);
    expect([(await mine())?.lastRunAt, (await notices(h, s.order.id)).length]).toEqual(['', 0]);
    const resumed = (await h.client.updateStandingOrder({ id: s.id, paused: false, skipNext: false }, s.buyer)).standingOrder;
    expect(resumed?.nextRunAt).toBe(new Date(h.clock.now + WEEK).toISOString());
    await h.catalogClient.closeListing({ id: s.listings[0]?.id ?? '' }, s.supplier);
    h.clock.now += WEEK;
    await runDueStandingOrders(h.orders.deps);
    const after = await mine();
    expect([after?.lastResult, after?.lastCheckoutId, after?.nextRunAt]).toEqual(['transaction-listing-not-found', '', new Date(h.clock.now + WEEK).toISOString()]);
  }, 90_000);
});
