/**
 * The checkout's timers on the real services: a payment not completed in 15 minutes expires (stock
 * back, payment canceled, orders payment-expired) exactly once — also with three orders replicas
 * firing at once — a bank transfer waits its 3 days, and a checkout whose payment service died
 * half-way still ends cleanly when its timer fires.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AppError } from '@caskade/kit';
import { expectAppError } from '@caskade/kit/testing';
import { BANK_TRANSFER_WINDOW_MS, PAYMENT_WINDOW_MS } from '../domain/terms';
import { describeOrders, eventually, type OrdersHarness } from '../testing/harness';
import { failedTimerDelayMs, runDueTimers } from './timers';

async function pendingCheckout(h: OrdersHarness, opts: { stock?: number; quantity?: number; method?: { paymentMethodId?: string; bankTransfer?: boolean } } = {}) {
  const supplier = await h.supplier();
  const listing = await h.listing(supplier, `Timer Ale ${randomUUID().slice(0, 6)}`, opts.stock ?? 10);
  const { ctx, addressId } = await h.buyer();
  await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: opts.quantity ?? 2, deliveryMethod: 'pickup' }, ctx);
  const payment = { paymentMethodId: '', bankTransfer: false, ...(opts.method ?? { paymentMethodId: 'pm_card_authenticationRequired' }) };
  const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment, speculative: false, billing: undefined }, ctx, { deadlineMs: 20_000 });
  const checkout = out.outcome?.checkout;
  if (!checkout) throw new Error('no checkout');
  return { checkout, listing, buyer: ctx };
}

/** The orders' states, and that an order never paid pays its supplier nothing (payout status none). */
const expiredOrderStates = async (h: OrdersHarness, checkoutId: string) =>
  (await h.orders.db.selectFrom('orders').select(['state', 'payout_status']).where('checkout_id', '=', checkoutId).execute()).map((r) =>
    r.payout_status === 'none' ? r.state : `${r.state} (payout ${r.payout_status})`);

describeOrders('checkout timers', (harness, { test: it }, backend) => {
  it('expires a card payment left unauthenticated after 15 minutes, once: stock back, payment canceled', async () => {
    const h = harness();
    const { checkout, listing, buyer } = await pendingCheckout(h);
    expect([checkout.state, checkout.paymentStatus]).toEqual(['pending', 'requires_action']);
    expect(await h.stockOf(listing.id)).toBe(8);
    // A card payment waiting for its challenge keeps the cart as it is (a decline lets the buyer try again).
    await new Promise((r) => setTimeout(r, 100));
    expect((await h.cartClient.getCart({}, buyer)).cart?.entryCount).toBe(1);
    h.clock.now += PAYMENT_WINDOW_MS - 1000;
    await runDueTimers(h.orders.deps);
    expect((await h.client.getCheckout({ id: checkout.id }, buyer)).checkout?.state).toBe('pending');
    h.clock.now += 2000;
    await runDueTimers(h.orders.deps);
    const after = (await h.client.getCheckout({ id: checkout.id }, buyer)).checkout;
    expect([after?.state, after?.paymentStatus]).toEqual(['expired', 'canceled']);
    expect(await expiredOrderStates(h, checkout.id)).toEqual(['payment-expired-multi-vendor']);
    expect(await h.stockOf(listing.id)).toBe(10);
    h.clock.now += PAYMENT_WINDOW_MS;
    expect((await runDueTimers(h.orders.deps)).fired).toBe(0);
    const transitions = await h.orders.db.selectFrom('order_transitions').select('transition').where('transition', '=', 'transition/multi-vendor-expire-payment').execute();
    expect(transitions.length).toBeGreaterThanOrEqual(1);
    // The challenge answered too late changes nothing: the payment stays canceled, the checkout expired.
    const late = await h.paymentsClient.completeSandboxChallenge({ paymentId: checkout.id, authenticated: true }, buyer).then((r) => r.payment?.status, (e: AppError) => e.code);
    expect(['canceled', 'transaction-invalid-transition']).toContain(late);
    expect((await h.client.getCheckout({ id: checkout.id }, buyer)).checkout?.state).toBe('expired');
  }, 30_000);

  it('a timer whose fire fails (payments down) tries again seconds later, not after its lease', async () => {
    const h = harness();
    const { checkout, listing, buyer } = await pendingCheckout(h);
    const payments = h.orders.deps.payments;
    h.orders.deps.payments = { ...payments, cancelPayment: () => Promise.reject(new AppError('service-unavailable')) };
    h.clock.now += PAYMENT_WINDOW_MS + 1000;
    try {
      expect((await runDueTimers(h.orders.deps)).fired).toBe(0);
    } finally {
      h.orders.deps.payments = payments;
    }
    expect((await h.client.getCheckout({ id: checkout.id }, buyer)).checkout?.state).toBe('pending');
    h.clock.now += 1000;
    expect((await runDueTimers(h.orders.deps)).fired).toBe(0);
    h.clock.now += failedTimerDelayMs(1);
    expect((await runDueTimers(h.orders.deps)).fired).toBe(1);
    expect((await h.client.getCheckout({ id: checkout.id }, buyer)).checkout?.state).toBe('expired');
    expect(await h.stockOf(listing.id)).toBe(10);
  }, 30_000);

  it('a bank transfer waits three days, not fifteen minutes', async () => {
    const h = harness();
    const { checkout, buyer } = await pendingCheckout(h, { method: { bankTransfer: true } });
    expect(checkout.paymentStatus).toBe('awaiting_transfer');
    // The order waits for the transfer, so its lines have left the cart (no second checkout of them, ADR 070).
    const entries = async () => (await h.cartClient.getCart({}, buyer)).cart?.entryCount ?? -1;
    expect(await eventually(entries, (n) => n === 0)).toBe(0);
    h.clock.now += PAYMENT_WINDOW_MS * 2;
    await runDueTimers(h.orders.deps);
    expect((await h.client.getCheckout({ id: checkout.id }, buyer)).checkout?.state).toBe('pending');
    h.clock.now += BANK_TRANSFER_WINDOW_MS;
    await runDueTimers(h.orders.deps);
    expect((await h.client.getCheckout({ id: checkout.id }, buyer)).checkout?.state).toBe('expired');
  }, 30_000);

  it('a checkout whose payment service was down ends when its timer fires: orders expired, stock back, nothing charged', async () => {
    const h = harness();
    const supplier = await h.supplier();
    const listing = await h.listing(supplier, 'Outage Ale', 5);
    const { ctx, addressId } = await h.buyer();
    await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 3, deliveryMethod: 'pickup' }, ctx);
    const payments = h.orders.deps.payments;
    // The payments call dies after stock is reserved and the orders exist (a crash between reserve and charge).
    h.orders.deps.payments = { ...payments, createPayment: () => Promise.reject(new AppError('service-unavailable')) };
    try {
      await expectAppError(h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: false, billing: undefined }, ctx), 'service-unavailable');
    } finally {
      h.orders.deps.payments = payments;
    }
    expect(await h.stockOf(listing.id)).toBe(2);
    h.clock.now += PAYMENT_WINDOW_MS + 1000;
    await runDueTimers(h.orders.deps);
    const { rows } = await sql<{ state: string; n: number }>`select c.state, count(o.id)::int as n from checkouts c join orders o on o.checkout_id = c.id where c.buyer_id = ${ctx.caller?.userId ?? ''} group by c.state`.execute(h.orders.db);
    expect(rows).toEqual([{ state: 'expired', n: 1 }]);
    expect(await h.stockOf(listing.id)).toBe(5);
  }, 30_000);

  it('a crash between charge and commit: the payment event completes the checkout later — one charge, stock taken once, a retry sees it', async () => {
    const h = harness();
    const supplier = await h.supplier();
    const listing = await h.listing(supplier, 'Commit Crash Ale', 6);
    const { ctx, addressId } = await h.buyer();
    await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, ctx);
    const catalogPort = h.orders.deps.catalog;
    let failures = 3;
    h.orders.deps.catalog = {
      ...catalogPort,
      commitReservation: (req, c, o) => (failures-- > 0 ? Promise.reject(new AppError('service-unavailable')) : catalogPort.commitReservation(req, c, o)),
    };
    const key = randomUUID();
    const request = { idempotencyKey: key, deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: false, billing: undefined, expectedPayinTotalCents: 0 };
    try {
      await expectAppError(h.client.initiateFromCart(request, ctx), 'service-unavailable');
      const mine = () => h.orders.db.selectFrom('checkouts').select(['id', 'state']).where('buyer_id', '=', ctx.caller?.userId ?? '').executeTakeFirstOrThrow();
      const done = await eventually(mine, (c) => c.state === 'purchased');
      expect(done.state).toBe('purchased');
      const replay = await h.client.initiateFromCart(request, ctx);
      expect([replay.outcome?.replayed, replay.outcome?.checkout?.state, replay.outcome?.checkout?.paymentStatus]).toEqual([true, 'purchased', 'succeeded']);
      expect(await h.stockOf(listing.id)).toBe(4);
      const charges = await sql<{ n: number }>`select count(*)::int as n from payments where id = ${done.id}`.execute(h.paymentsSvc.db);
      expect(charges.rows[0]?.n).toBe(1);
    } finally {
      h.orders.deps.catalog = catalogPort;
    }
  }, 30_000);

  if (backend === 'postgres') {
    it('three orders replicas firing at once expire each pending checkout exactly once', async () => {
      const h = harness();
      const replicas = [h.orders, await h.replica(), await h.replica()];
      const pending = [];
      for (let i = 0; i < 6; i++) pending.push(await pendingCheckout(h, { quantity: 1 }));
      h.clock.now += PAYMENT_WINDOW_MS + 1000;
      const fired = await Promise.all(replicas.map((r) => runDueTimers(r.deps)));
      const ids = pending.map((p) => p.checkout.id);
      const { rows } = await sql<{ checkout_id: string; n: number }>`
        select o.checkout_id, count(*)::int as n from order_transitions t join orders o on o.id = t.order_id
        where t.transition = 'transition/multi-vendor-expire-payment' and o.checkout_id in (${sql.join(ids)}) group by o.checkout_id`.execute(h.orders.db);
      expect(rows.map((r) => r.n)).toEqual(Array(6).fill(1));
      expect(fired.reduce((s, f) => s + f.fired, 0)).toBeGreaterThanOrEqual(6);
      for (const p of pending) expect(await h.stockOf(p.listing.id)).toBe(10);
    }, 60_000);
  }
});
