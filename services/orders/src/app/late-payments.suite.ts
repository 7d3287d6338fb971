/**
 * Money and stock when a payment and the end of what it pays for cross (docs/decisions/076): a
 * charge that succeeds after its order or checkout was canceled goes back in full, and a checkout
 * whose payment takes longer than the card's minutes — a direct debit still clearing, a bank
 * transfer chosen on retry — keeps its stock as long. On the real catalog, payments and cart; the
 * only stand-ins are the moments the tests choose (a cancel run inside the payment call, a debit
 * kept clearing), made by wrapping orders' payments client.
 */
import { randomUUID } from 'node:crypto';
import { sweepReservations } from '@caskade/catalog';
import { AppError } from '@caskade/kit';
import { findCheckout } from '../db/checkouts';
import { findOrder, setPaymentStatus } from '../db/orders';
import { BANK_TRANSFER_WINDOW_MS, PAYMENT_WINDOW_MS } from '../domain/terms';
import { ctxOf, describeOrders, eventually, system, type OrdersHarness } from '../testing/harness';
import { endCheckout } from './end-checkout';
import { runDueTimers } from './timers';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** Runs `during` inside orders' next call of `method` on payments, then the real call. */
function inside(h: OrdersHarness, method: 'createPayment', during: (req: { transfers: { orderId: string }[] }) => Promise<unknown>): () => void {
  const deps = h.orders.deps;
  const real = deps.payments;
  deps.payments = {
    ...real,
    [method]: async (req: Parameters<typeof real.createPayment>[0], ctx: Parameters<typeof real.createPayment>[1]) => {
      await during(req);
      return real.createPayment(req, ctx);
    },
  };
  return () => { deps.payments = real; };
}

/** Catalog's sweeper run as if `ms` had passed (catalog runs on the real clock); answers the checkout's reservation state after it. */
async function sweepAfter(h: OrdersHarness, ms: number, checkoutId: string): Promise<string | undefined> {
  const deps = h.catalogSvc.deps;
  for (let more = true; more;) more = (await sweepReservations({ ...deps, now: () => new Date(Date.now() + ms) }, 50)).more;
  return (await deps.db.selectFrom('stock_reservations').select('state').where('id', '=', checkoutId).executeTakeFirst())?.state;
}

/** A listing of 5 and a buyer with 2 of it in the cart. */
async function twoInCart(h: OrdersHarness) {
  const listing = await h.listing(await h.supplier(), `Ale ${randomUUID().slice(0, 6)}`, 5);
  const { ctx: buyer, addressId } = await h.buyer();
  await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, buyer);
  return { listing, buyer, addressId };
}

describeOrders('late payments: money that comes after the end goes back; stock waits for a slow payment', (harness, { test: it }) => {
  it('a term charge that succeeds while the buyer cancels is refunded in full and recorded', async () => {
    const h = harness();
    const supplier = await h.supplier();
    await h.cartClient.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: ['30_days'] }, supplier);
    const listing = await h.listing(supplier, `Term Ale ${randomUUID().slice(0, 6)}`, 10);
    const { ctx: buyer, addressId } = await h.buyer();
    await h.paymentsClient.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', setupIntentId: '', replacesPaymentMethodId: '' }, buyer);
    await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, buyer);
    await h.cartClient.setPaymentTerm({ supplierId: supplier.caller?.userId ?? '', paymentTerm: '30_days' }, buyer);
    const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: '', bankTransfer: false }, speculative: false, billing: undefined }, buyer);
    const order = out.outcome?.checkout?.orders[0];
    expect(order?.state).toBe('purchased-delayed-payment');
    // The due date's charge has read the order (not canceled); the buyer cancels before it reaches payments.
    const restore = inside(h, 'createPayment', () => h.client.transitionOrder({ id: order?.id ?? '', transition: 'buyer-cancel-delayed-payment', paramsJson: '' }, buyer));
    h.clock.now += 31 * DAY;
    try {
      await runDueTimers(h.orders.deps);
    } finally {
      restore();
    }
    const payment = await eventually(async () => (await h.paymentsClient.getPayment({ paymentId: order?.id ?? '' }, system)).payment, (p) => Number(p?.refundedCents) > 0);
    expect([payment?.status, Number(payment?.amountCents), Number(payment?.refundedCents)]).toEqual(['succeeded', 52_800, 52_800]);
    const row = await eventually(() => findOrder(h.orders.deps.db, order?.id ?? ''), (o) => o?.payment_status === 'refunded');
    expect([row?.state, row?.payment_status, Number(row?.refunded_cents)]).toEqual(['canceled-delayed-payment', 'refunded', 52_800]);
    // Redelivered, the payment's event refunds nothing more.
    h.clock.now += DAY;
    await runDueTimers(h.orders.deps);
    expect(Number((await h.paymentsClient.getPayment({ paymentId: order?.id ?? '' }, system)).payment?.refundedCents)).toBe(52_800);
  });

  it('a card charged after the operator canceled the checkout mid-saga is refunded in full; the stock is back', async () => {
    const h = harness();
    const { listing, buyer, addressId } = await twoInCart(h);
    const operator = ctxOf(randomUUID(), 'operator');
    const restore = inside(h, 'createPayment', (req) => h.client.transitionOrder({ id: req.transfers[0]?.orderId ?? '', transition: 'transition/multi-vendor-operator-cancel-payment', paramsJson: '' }, operator));
    let answer: unknown;
    try {
      answer = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: false, billing: undefined }, buyer).then(() => 'purchased', (err: unknown) => err);
    } finally {
      restore();
    }
    expect(answer).not.toBe('purchased');
    const checkout = await h.orders.deps.db.selectFrom('checkouts').selectAll().where('buyer_id', '=', buyer.caller?.userId ?? '').executeTakeFirstOrThrow();
    expect(checkout.state).toBe('canceled');
    const payment = await eventually(async () => (await h.paymentsClient.getPayment({ paymentId: checkout.id }, system)).payment, (p) => Number(p?.refundedCents) > 0);
    expect([payment?.status, Number(payment?.refundedCents)]).toEqual(['succeeded', Number(payment?.amountCents)]);
    expect(Number(payment?.amountCents)).toBeGreaterThan(0);
    expect(await h.stockOf(listing.id)).toBe(5);
  });

  it('an operator cancel whose stock release comes after the payment succeeded leaves the paid order purchased, its stock taken', async () => {
    const h = harness();
    const { listing, buyer, addressId } = await twoInCart(h);
    const deps = h.orders.deps;
    const realPayments = deps.payments;
    const realCatalog = deps.catalog;
    const operator = ctxOf(randomUUID(), 'operator');
    let cancelLooked!: () => void;
    const looked = new Promise<void>((resolve) => { cancelLooked = resolve; });
    let operatorAnswer: Promise<unknown> = Promise.resolve();
    // The operator cancels while the payment is on its way: the cancel finds no payment yet ...
    deps.payments = {
      ...realPayments,
      cancelPayment: async (req, ctx) => {
        try {
          return await realPayments.cancelPayment(req, ctx);
        } finally {
          cancelLooked();
        }
      },
      createPayment: async (req, ctx) => {
        operatorAnswer = h.client.transitionOrder({ id: req.transfers[0]?.orderId ?? '', transition: 'transition/multi-vendor-operator-cancel-payment', paramsJson: '' }, operator)
          .then(() => 'ended', (err: unknown) => (err instanceof AppError ? err.code : err));
        await looked;
        return realPayments.createPayment(req, ctx);
      },
    };
    // ... and its stock release reaches catalog only after the charge succeeded and the saga purchased the checkout.
    deps.catalog = {
      ...realCatalog,
      releaseReservation: async (req, ctx) => {
        await eventually(() => findCheckout(deps.db, req.reservationId), (c) => c?.state === 'purchased');
        return realCatalog.releaseReservation(req, ctx);
      },
    };
    let out;
    try {
      out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: false, billing: undefined }, buyer);
      expect(await operatorAnswer).toBe('transaction-invalid-transition');
    } finally {
      deps.payments = realPayments;
      deps.catalog = realCatalog;
    }
    const checkoutId = out.outcome?.checkout?.id ?? '';
    expect((await findCheckout(deps.db, checkoutId))?.state).toBe('purchased');
    const order = await findOrder(deps.db, out.outcome?.checkout?.orders[0]?.id ?? '');
    expect([order?.state, order?.payment_status]).toEqual(['purchased-multi-vendor', 'succeeded']);
    // Paid for, so still taken: not back on sale (before the fix the release gave the 2 units back).
    const reservation = await h.catalogSvc.deps.db.selectFrom('stock_reservations').select('state').where('id', '=', checkoutId).executeTakeFirst();
    expect(reservation?.state).toBe('committed');
    expect(await h.stockOf(listing.id)).toBe(3);
  });

  it('a reserve that failed for orders but went through in catalog is given back at once, not held for the payment window', async () => {
    const h = harness();
    const { listing, buyer, addressId } = await twoInCart(h);
    const deps = h.orders.deps;
    const real = deps.catalog;
    // Catalog reserved, but the answer never reached orders (a deadline): a bank transfer's checkout would hold it 3 days.
    deps.catalog = { ...real, reserveStock: async (req, ctx) => { await real.reserveStock(req, ctx); throw new AppError('service-unavailable'); } };
    let code: unknown;
    try {
      code = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: '', bankTransfer: true }, speculative: false, billing: undefined }, buyer)
        .then(() => 'purchased', (err: unknown) => (err instanceof AppError ? err.code : err));
    } finally {
      deps.catalog = real;
    }
    expect(code).toBe('service-unavailable');
    const checkout = await deps.db.selectFrom('checkouts').selectAll().where('buyer_id', '=', buyer.caller?.userId ?? '').executeTakeFirstOrThrow();
    expect(checkout.state).toBe('failed');
    expect(await h.stockOf(listing.id)).toBe(5);
    // A reserve arriving after the release (it was still on its way) takes nothing either.
    await expect(real.reserveStock({ reservationId: checkout.id, lines: [{ listingId: listing.id, quantity: 2 }], ttlSeconds: 60 }, system)).rejects.toMatchObject({ code: 'transaction-invalid-transition' });
    expect(await h.stockOf(listing.id)).toBe(5);
  });

  it('a payment status read before the checkout completed and written after it leaves the purchased order succeeded', async () => {
    const h = harness();
    const { buyer, addressId } = await twoInCart(h);
    const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: false, billing: undefined }, buyer);
    const checkoutId = out.outcome?.checkout?.id ?? '';
    const orderId = out.outcome?.checkout?.orders[0]?.id ?? '';
    // A late 'processing' (a held-back event, a slow replica) must not hide the success: a later cancel reads it to refund.
    await setPaymentStatus(h.orders.deps.db, checkoutId, 'processing');
    const order = await findOrder(h.orders.deps.db, orderId);
    expect([order?.state, order?.payment_status]).toEqual(['purchased-multi-vendor', 'succeeded']);
  });

  it('a challenge completed after the stock was given back is refunded in full and the checkout ends, instead of retrying forever', async () => {
    const h = harness();
    const { listing, buyer, addressId } = await twoInCart(h);
    const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_authenticationRequired', bankTransfer: false }, speculative: false, billing: undefined }, buyer);
    const checkoutId = out.outcome?.checkout?.id ?? '';
    expect(out.outcome?.checkout?.state).toBe('pending');
    // The stock's hold ran out before orders' timer came round: catalog's sweeper gave it back.
    expect(await sweepAfter(h, PAYMENT_WINDOW_MS + 30 * MINUTE, checkoutId)).toBe('released');
    expect(await h.stockOf(listing.id)).toBe(5);
    await h.paymentsClient.completeSandboxChallenge({ paymentId: checkoutId, authenticated: true }, buyer);
    const payment = await eventually(async () => (await h.paymentsClient.getPayment({ paymentId: checkoutId }, system)).payment, (p) => Number(p?.refundedCents) > 0);
    expect([payment?.status, Number(payment?.refundedCents)]).toEqual(['succeeded', Number(payment?.amountCents)]);
    const checkout = await eventually(() => findCheckout(h.orders.deps.db, checkoutId), (c) => c?.state !== 'pending');
    expect(checkout?.state).toBe('expired');
    const order = await findOrder(h.orders.deps.db, out.outcome?.checkout?.orders[0]?.id ?? '');
    expect([order?.state, order?.payment_status]).toEqual(['payment-expired-multi-vendor', 'refunded']);
    // Its timer finds it ended: nothing more moves, nothing is refunded twice.
    h.clock.now += PAYMENT_WINDOW_MS + MINUTE;
    await runDueTimers(h.orders.deps);
    expect(Number((await h.paymentsClient.getPayment({ paymentId: checkoutId }, system)).payment?.refundedCents)).toBe(Number(payment?.amountCents));
    expect(await h.stockOf(listing.id)).toBe(5);
  });

  it('a bank transfer confirmed after its stock was given back is refunded, and the operator is told the checkout ended, not that a transit is in progress', async () => {
    const h = harness();
    const { listing, buyer, addressId } = await twoInCart(h);
    const operator = ctxOf(randomUUID(), 'operator');
    const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: '', bankTransfer: true }, speculative: false, billing: undefined }, buyer);
    const checkoutId = out.outcome?.checkout?.id ?? '';
    const orderId = out.outcome?.checkout?.orders[0]?.id ?? '';
    expect(out.outcome?.checkout?.state).toBe('pending');
    // The hold ran out and catalog gave the stock back before orders' timer ended the checkout.
    expect(await sweepAfter(h, BANK_TRANSFER_WINDOW_MS + DAY, checkoutId)).toBe('released');
    const answer = await h.client.transitionOrder({ id: orderId, transition: 'transition/multi-vendor-operator-confirm-payment', paramsJson: '' }, operator)
      .then(() => null, (err: unknown) => (err instanceof AppError ? [err.code, err.meta?.['reason'], err.meta?.['checkout']] : err));
    expect(answer).toEqual(['transaction-invalid-transition', 'checkout-ended', 'expired']);
    const payment = (await h.paymentsClient.getPayment({ paymentId: checkoutId }, system)).payment;
    expect([payment?.status, Number(payment?.refundedCents)]).toEqual(['succeeded', Number(payment?.amountCents)]);
    const order = await findOrder(h.orders.deps.db, orderId);
    expect([order?.state, order?.payment_status]).toEqual(['payment-expired-multi-vendor', 'refunded']);
    expect(await h.stockOf(listing.id)).toBe(5);
    // Asked again, the order has ended: not the operator's to confirm any more.
    const again = await h.client.transitionOrder({ id: orderId, transition: 'transition/multi-vendor-operator-confirm-payment', paramsJson: '' }, operator)
      .then(() => null, (err: unknown) => (err instanceof AppError ? err.code : err));
    expect(again).toBe('transaction-invalid-transition');
  });

  it('a term-only checkout whose stock was committed before its purchase failed is completed by its timer, not left pending forever', async () => {
    const h = harness();
    const supplier = await h.supplier();
    await h.cartClient.setSupplierTerms({ minimumOrderQuantity: 1, paymentTerms: ['30_days'] }, supplier);
    const listing = await h.listing(supplier, `Term Ale ${randomUUID().slice(0, 6)}`, 5);
    const { ctx: buyer, addressId } = await h.buyer();
    await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, buyer);
    await h.cartClient.setPaymentTerm({ supplierId: supplier.caller?.userId ?? '', paymentTerm: '30_days' }, buyer);
    const deps = h.orders.deps;
    const real = deps.catalog;
    // The stock is committed, then the request dies before the purchase is written.
    deps.catalog = { ...real, commitReservation: async (req, ctx) => { await real.commitReservation(req, ctx); throw new AppError('internal'); } };
    try {
      await expect(h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: '', bankTransfer: false }, speculative: false, billing: undefined }, buyer)).rejects.toBeDefined();
    } finally {
      deps.catalog = real;
    }
    const checkout = await deps.db.selectFrom('checkouts').selectAll().where('buyer_id', '=', buyer.caller?.userId ?? '').executeTakeFirstOrThrow();
    expect(checkout.state).toBe('pending');
    // Its expiry: the release is refused (committed), so the timer completes it — before, it looked again every 30 s, forever.
    h.clock.now += PAYMENT_WINDOW_MS + MINUTE;
    await runDueTimers(deps);
    expect((await findCheckout(deps.db, checkout.id))?.state).toBe('purchased');
    const order = await deps.db.selectFrom('orders').selectAll().where('checkout_id', '=', checkout.id).executeTakeFirstOrThrow();
    expect(order.state).toBe('purchased-delayed-payment');
    expect(await h.stockOf(listing.id)).toBe(3);
  });

  it('a declined card paid again by bank transfer waits the transfer’s window, its stock held that long', async () => {
    const h = harness();
    const { listing, buyer, addressId } = await twoInCart(h);
    const declined = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_chargeDeclined', bankTransfer: false }, speculative: false, billing: undefined }, buyer)
      .then(() => null, (err: unknown) => err as { code?: string; meta?: Record<string, unknown> });
    expect(declined?.code).toBe('transaction-payment-failed');
    const checkoutId = String(declined?.meta?.['checkoutId'] ?? '');
    const retried = await h.client.retryCheckoutPayment({ id: checkoutId, payment: { paymentMethodId: '', bankTransfer: true } }, buyer);
    expect(retried.checkout?.paymentStatus).toBe('awaiting_transfer');
    const row = await findCheckout(h.orders.deps.db, checkoutId);
    expect(new Date(row?.expires_at ?? 0).getTime()).toBe(h.clock.now + BANK_TRANSFER_WINDOW_MS);
    // Past the card's window and the reservation's first expiry: still waiting, the stock still held.
    h.clock.now += PAYMENT_WINDOW_MS + MINUTE;
    await runDueTimers(h.orders.deps);
    expect((await findCheckout(h.orders.deps.db, checkoutId))?.state).toBe('pending');
    expect(await sweepAfter(h, PAYMENT_WINDOW_MS + 11 * MINUTE, checkoutId)).toBe('reserved');
    expect(await h.stockOf(listing.id)).toBe(3);
    // The transfer's window over: the checkout expires and the stock comes back.
    h.clock.now += BANK_TRANSFER_WINDOW_MS;
    await runDueTimers(h.orders.deps);
    expect((await findCheckout(h.orders.deps.db, checkoutId))?.state).toBe('expired');
    expect(await h.stockOf(listing.id)).toBe(5);
  });

  it('a bank-transfer retry and the card window’s timer cross: a timer that read the old window ends nothing; a retry after the window is refused', async () => {
    const h = harness();
    const { listing, buyer, addressId } = await twoInCart(h);
    const declined = () => h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_chargeDeclined', bankTransfer: false }, speculative: false, billing: undefined }, buyer)
      .then(() => '', (err: unknown) => String((err as { meta?: Record<string, unknown> }).meta?.['checkoutId'] ?? ''));
    const checkoutId = await declined();
    await h.client.retryCheckoutPayment({ id: checkoutId, payment: { paymentMethodId: '', bankTransfer: true } }, buyer);
    // The expiry timer had claimed the card's window just before the retry moved it: it ends nothing now.
    h.clock.now += PAYMENT_WINDOW_MS + MINUTE;
    expect(await endCheckout(h.orders.deps, checkoutId, 'expired', { actor: 'system', actorId: '' }, { onlyIfDue: true })).toBe('unchanged');
    expect((await h.paymentsClient.getPayment({ paymentId: checkoutId }, system)).payment?.status).toBe('awaiting_transfer');
    expect((await findCheckout(h.orders.deps.db, checkoutId))?.state).toBe('pending');
    expect(await h.stockOf(listing.id)).toBe(3);
    // Past the transfer's window: the timer ends it, and a retry then is refused.
    h.clock.now += BANK_TRANSFER_WINDOW_MS;
    await expect(h.client.retryCheckoutPayment({ id: checkoutId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false } }, buyer)).rejects.toMatchObject({ code: 'transaction-invalid-transition' });
    await runDueTimers(h.orders.deps);
    expect((await findCheckout(h.orders.deps.db, checkoutId))?.state).toBe('expired');
    expect(await h.stockOf(listing.id)).toBe(5);
  });

  it('a direct debit still clearing after the window keeps its stock: each look of the timer holds it on', async () => {
    const h = harness();
    const { listing, buyer, addressId } = await twoInCart(h);
    // A real payment left open (a card awaiting its challenge) that orders sees as a debit clearing at
    // the bank for days: processing, and refused when the timer would cancel it.
    const out = await h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_authenticationRequired', bankTransfer: false }, speculative: false, billing: undefined }, buyer);
    const checkoutId = out.outcome?.checkout?.id ?? '';
    expect(out.outcome?.checkout?.state).toBe('pending');
    const deps = h.orders.deps;
    const real = deps.payments;
    deps.payments = {
      ...real,
      cancelPayment: () => Promise.reject(new AppError('transaction-invalid-transition', { from: 'processing', to: 'canceled' })),
      getPayment: async (req, ctx) => {
        const got = await real.getPayment(req, ctx);
        return { payment: got.payment ? { ...got.payment, status: 'processing' } : undefined };
      },
    };
    try {
      h.clock.now += PAYMENT_WINDOW_MS + 1000;
      await runDueTimers(deps);
      expect((await findCheckout(deps.db, checkoutId))?.state).toBe('pending');
    } finally {
      deps.payments = real;
    }
    // Held on from the timer's look, a day on: the sweeper past the first expiry (window + 10 min), and hours later, releases nothing.
    expect(await sweepAfter(h, PAYMENT_WINDOW_MS + 11 * MINUTE, checkoutId)).toBe('reserved');
    expect(await sweepAfter(h, 20 * 60 * MINUTE, checkoutId)).toBe('reserved');
    expect(await h.stockOf(listing.id)).toBe(3);
    // The money comes in: the checkout completes with the stock it held.
    await h.paymentsClient.completeSandboxChallenge({ paymentId: checkoutId, authenticated: true }, buyer);
    const done = await eventually(() => findCheckout(deps.db, checkoutId), (c) => c?.state === 'purchased');
    expect(done?.state).toBe('purchased');
    expect(await h.stockOf(listing.id)).toBe(3);
  });
});
