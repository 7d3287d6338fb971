/**
 * The cart checkout on the real services: one order per supplier, readable numbers drawn again on a
 * clash, previews write nothing. And enquiries (product-spec §4: initial → enquiry →
 * request-payment-after-enquiry): an order with no checkout, its message on the event, then paid for
 * as Buy now, the enquiry's order becoming the checkout's.
 */
import { randomUUID } from 'node:crypto';
import type { AppError } from '@caskade/kit';
import { expectAppError } from '@caskade/kit/testing';
import { findCheckout } from '../db/checkouts';
import { describeOrders, eventually, system } from '../testing/harness';
import { ORDER_MSG } from '../domain/messages';
import { ORDER_NUMBER_PATTERN } from '../domain/terms';

describeOrders('checkout from the cart, and enquiries', (harness, { test: it }) => {
  it('an enquiry is an order in enquiry with no checkout, nothing held; paying for it makes that order the checkout’s, once', async () => {
    const h = harness();
    const supplier = await h.supplier('Enquiry Brewing');
    const listing = await h.listing(supplier, 'Enquiry Lager', 10);
    const { ctx, addressId } = await h.buyer();
    const message = 'Could you deliver <b>two</b> kegs on Friday?';
    const enquired = (await h.client.enquire({ listingId: listing.id, packageIndex: 0, quantity: 2, message }, ctx)).order;
    expect([enquired?.state, enquired?.processName, enquired?.checkoutId, enquired?.lines.map((l) => [l.quantity, l.category]), enquired?.allowedTransitions]).toEqual(['enquiry', 'release-1', '', [[2, 'beer']], []]);
    expect(enquired?.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    const id = enquired?.id ?? '';
    const asSupplier = (await h.client.getOrder({ id }, supplier)).order;
    expect(asSupplier?.activity.map((a) => [a.transition, a.fromState, a.toState, a.note])).toEqual([['enquire', 'initial', 'enquiry', message]]);
    expect(await h.stockOf(listing.id)).toBe(10);

    // Bad input changes nothing; only a buyer enquires.
    await expectAppError(h.client.enquire({ listingId: listing.id, packageIndex: 0, quantity: 1, message: '   ' }, ctx), 'validation-invalid-params');
    await expectAppError(h.client.enquire({ listingId: listing.id, packageIndex: 9, quantity: 1, message }, ctx), 'validation-invalid-params');
    await expectAppError(h.client.enquire({ listingId: listing.id, packageIndex: 0, quantity: 0, message }, ctx), 'validation-invalid-params');
    await expectAppError(h.client.enquire({ listingId: randomUUID(), packageIndex: 0, quantity: 1, message }, ctx), 'transaction-listing-not-found');
    await expectAppError(h.client.enquire({ listingId: listing.id, packageIndex: 0, quantity: 1, message }, supplier), 'forbidden');

    const pay = (enquiryId: string, by = ctx, address = addressId, paymentTerm = 'none') => h.client.initiateForListing({ expectedPayinTotalCents: 0,
      idempotencyKey: randomUUID(), listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup', deliveryAddressId: address,
      payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, paymentTerm, speculative: false, billing: undefined, enquiryId,
    }, by, { deadlineMs: 20_000 });
    // Another buyer cannot pay for it; a payment term is refused (pay now only).
    const other = await h.buyer();
    await expectAppError(pay(id, other.ctx, other.addressId), 'not-found');
    await expectAppError(pay(id, ctx, addressId, '30_days'), 'validation-invalid-params');

    const paid = await pay(id);
    expect(paid.outcome?.checkout?.orders.map((o) => o.id)).toEqual([id]);
    const order = await eventually(async () => (await h.client.getOrder({ id }, ctx)).order, (o) => o?.state === 'purchased');
    expect([order?.state, order?.checkoutId, order?.orderNumber]).toEqual(['purchased', paid.outcome?.checkout?.id, enquired?.orderNumber]);
    expect(order?.activity.map((a) => a.transition)).toEqual(['enquire', 'request-payment-after-enquiry', 'confirm-payment']);
    expect(await h.stockOf(listing.id)).toBe(8);
    // Paid for once: paying again for it is refused and places nothing.
    const err = await expectAppError(pay(id), 'validation-invalid-params');
    expect(err.meta).toMatchObject({ fields: { enquiryId: ORDER_MSG.enquiryNotPayable } });
    expect(await h.stockOf(listing.id)).toBe(8);
  }, 60_000);

  it('draws another order number when the first is taken, and previews without writing', async () => {
    const h = harness();
    const supplier = await h.supplier('Clash Brewing');
    const listing = await h.listing(supplier, 'Clash Pils', 10);
    const fixed = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const random = h.orders.deps.randomBytes;
    let draws = 0;
    // The first two draws give the same bytes: the second checkout's first number clashes.
    h.orders.deps.randomBytes = (n) => (draws++ < 2 ? fixed : random(n));
    try {
      const numbers: string[] = [];
      for (let i = 0; i < 2; i++) {
        const { ctx, addressId } = await h.buyer();
        await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, ctx);
        const request = { idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: true, billing: undefined, expectedPayinTotalCents: 0 };
        const preview = await h.client.initiateFromCart(request, ctx);
        expect([preview.outcome?.checkout, preview.outcome?.preview.length, preview.outcome?.preview[0]?.priced?.payinTotalCents]).toEqual([undefined, 1, 26_400]);
        expect(await h.stockOf(listing.id)).toBe(10 - i);
        const out = await h.client.initiateFromCart({ ...request, speculative: false }, ctx);
        numbers.push(out.outcome?.checkout?.orders[0]?.orderNumber ?? '');
        // The order keeps what the line was (the web says how it is delivered from the category).
        expect(out.outcome?.checkout?.orders[0]?.lines.map((l) => [l.title, l.quantity, l.deliveryMethod, l.category])).toEqual([['Clash Pils', 1, 'pickup', 'beer']]);
      }
      expect(numbers[0]).toBe('CK-4679-ACDE');
      expect(numbers[1]).not.toBe(numbers[0]);
      expect(numbers[1]).toMatch(ORDER_NUMBER_PATTERN);
      expect(draws).toBe(3);
    } finally {
      h.orders.deps.randomBytes = random;
    }
  }, 30_000);

  it('Buy now: the supplier’s minimum order holds, an unknown listing is the spec’s not-found, and a lost race for an enquiry holds no stock', async () => {
    const h = harness();
    const supplier = await h.supplier('Minimum Brewing');
    await h.cartClient.setSupplierTerms({ minimumOrderQuantity: 2, paymentTerms: [] }, supplier);
    const listing = await h.listing(supplier, 'Minimum Mild', 10);
    const { ctx, addressId } = await h.buyer();
    const buyNow = (quantity: number, speculative: boolean, extra: { listingId?: string; enquiryId?: string } = {}) => h.client.initiateForListing({ expectedPayinTotalCents: 0,
      idempotencyKey: randomUUID(), listingId: extra.listingId ?? listing.id, packageIndex: 0, quantity, deliveryMethod: 'pickup', deliveryAddressId: addressId,
      payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, paymentTerm: '', speculative, billing: undefined, enquiryId: extra.enquiryId ?? '',
    }, ctx, { deadlineMs: 20_000 });
    for (const speculative of [true, false]) {
      const err = await expectAppError(buyNow(1, speculative), 'validation-invalid-params');
      expect(err.meta).toEqual({ fields: { quantity: ORDER_MSG.minimumOrderNotMet }, minimumOrderQuantity: 2 });
    }
    expect((await buyNow(2, true)).outcome?.preview.length).toBe(1);
    await expectAppError(buyNow(2, true, { listingId: randomUUID() }), 'transaction-listing-not-found');
    await expectAppError(buyNow(2, false, { listingId: randomUUID() }), 'transaction-listing-not-found');
    expect(await h.stockOf(listing.id)).toBe(10);

    // Three payments of one enquiry at once: one places it; the others give their stock back before they answer.
    const enquiry = (await h.client.enquire({ listingId: listing.id, packageIndex: 0, quantity: 2, message: 'Two for Friday?' }, ctx)).order;
    const results = await Promise.allSettled([0, 1, 2].map(() => buyNow(2, false, { enquiryId: enquiry?.id ?? '' })));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
    expect(await h.stockOf(listing.id)).toBe(8);
  }, 60_000);

  it('one cart checked out twice at once with two keys (two tabs, a double click) is bought once; a declined checkout gives way to a new one', async () => {
    const h = harness();
    const supplier = await h.supplier('Twice Brewing');
    const listing = await h.listing(supplier, 'Twice Tripel', 10);
    const { ctx, addressId } = await h.buyer();
    await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, ctx);
    const checkOut = (paymentMethodId: string) => h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId, bankTransfer: false }, speculative: false, billing: undefined }, ctx, { deadlineMs: 20_000 });
    const results = await Promise.allSettled([0, 1, 2, 3].map(() => checkOut('pm_card_visa')));
    const bought = results.filter((r) => r.status === 'fulfilled');
    expect(bought.length).toBe(1);
    // The others: the one in progress named, or (started after the first took the lines) the cart is empty.
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    for (const err of refusals) {
      expect(err.code === 'transaction-invalid-transition' ? err.meta?.['reason'] : err.meta?.['fields']).toEqual(err.code === 'transaction-invalid-transition' ? ORDER_MSG.pendingTransit : { cart: ORDER_MSG.cartIsEmpty });
    }
    expect(await h.stockOf(listing.id)).toBe(9);
    const purchased = await h.orders.deps.db.selectFrom('checkouts').select('state').where('buyer_id', '=', ctx.caller?.userId ?? '').where('state', '=', 'purchased').execute();
    expect(purchased.length).toBe(1);

    // A declined card leaves a pending checkout; the buyer starts over with a new key: the old one ends (stock back), the new one buys.
    await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, ctx);
    const declined = await checkOut('pm_card_chargeDeclined').then(() => null, (err: unknown) => err as AppError);
    expect(declined?.code).toBe('transaction-payment-failed');
    expect(await h.stockOf(listing.id)).toBe(7);
    const again = await checkOut('pm_card_visa');
    expect(again.outcome?.checkout?.state).toBe('purchased');
    expect((await findCheckout(h.orders.deps.db, String(declined?.meta?.['checkoutId'] ?? '')))?.state).toBe('expired');
    expect(await h.stockOf(listing.id)).toBe(7);
  }, 60_000);

  it('Buy now started over after a bank challenge or a decline: the waiting checkout ends, so its challenge completed late buys nothing twice', async () => {
    const h = harness();
    const supplier = await h.supplier('Again Brewing');
    const listing = await h.listing(supplier, 'Again Amber', 10);
    const other = await h.listing(supplier, 'Other Oatmeal Stout', 10);
    const { ctx, addressId } = await h.buyer();
    const buyNow = (paymentMethodId: string, listingId = listing.id) => h.client.initiateForListing({ expectedPayinTotalCents: 0,
      idempotencyKey: randomUUID(), listingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup', deliveryAddressId: addressId,
      payment: { paymentMethodId, bankTransfer: false }, paymentTerm: '', speculative: false, billing: undefined, enquiryId: '',
    }, ctx, { deadlineMs: 20_000 });
    // The card asks for its bank's challenge; the buyer goes back and pays with another card.
    const waiting = (await buyNow('pm_card_authenticationRequired')).outcome?.checkout;
    expect([waiting?.state, waiting?.paymentStatus]).toEqual(['pending', 'requires_action']);
    // A Buy now of another listing leaves it waiting.
    expect((await buyNow('pm_card_visa', other.id)).outcome?.checkout?.state).toBe('purchased');
    expect((await findCheckout(h.orders.deps.db, waiting?.id ?? ''))?.state).toBe('pending');
    expect((await buyNow('pm_card_visa')).outcome?.checkout?.state).toBe('purchased');
    expect((await findCheckout(h.orders.deps.db, waiting?.id ?? ''))?.state).toBe('expired');
    // The old challenge, completed now, charges nothing: its payment was canceled.
    const late = await h.paymentsClient.completeSandboxChallenge({ paymentId: waiting?.id ?? '', authenticated: true }, ctx);
    expect(late.payment?.status).toBe('canceled');
    expect((await h.paymentsClient.getPayment({ paymentId: waiting?.id ?? '' }, system)).payment?.status).toBe('canceled');
    expect((await findCheckout(h.orders.deps.db, waiting?.id ?? ''))?.state).toBe('expired');
    expect(await h.stockOf(listing.id)).toBe(9);

    // A declined Buy now gives way the same way.
    const declined = await buyNow('pm_card_chargeDeclined').then(() => null, (err: unknown) => err as AppError);
    expect(declined?.code).toBe('transaction-payment-failed');
    expect((await buyNow('pm_card_visa')).outcome?.checkout?.state).toBe('purchased');
    expect((await findCheckout(h.orders.deps.db, String(declined?.meta?.['checkoutId'] ?? '')))?.state).toBe('expired');
    expect(await h.stockOf(listing.id)).toBe(8);
  }, 60_000);

  it('Buy now with a total other than the one the buyer reviewed is refused before anything is written; the reviewed total buys', async () => {
    const h = harness();
    const supplier = await h.supplier('Total Brewing');
    const listing = await h.listing(supplier, 'Total Tripel', 10);
    const { ctx, addressId } = await h.buyer();
    const buyNow = (speculative: boolean, expectedPayinTotalCents: number) => h.client.initiateForListing({
      idempotencyKey: randomUUID(), listingId: listing.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup', deliveryAddressId: addressId,
      payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, paymentTerm: '', speculative, billing: undefined, enquiryId: '', expectedPayinTotalCents,
    }, ctx, { deadlineMs: 20_000 });
    const total = Number((await buyNow(true, 0)).outcome?.preview[0]?.priced?.payinTotalCents ?? 0);
    expect(total).toBe(26_400);
    const refused = await expectAppError(buyNow(false, total - 100), 'transaction-price-changed');
    expect(refused.meta).toEqual({ expectedPayinTotalCents: total - 100, payinTotalCents: total });
    expect(await h.orders.deps.db.selectFrom('checkouts').select('id').where('buyer_id', '=', ctx.caller?.userId ?? '').execute()).toEqual([]);
    expect(await h.stockOf(listing.id)).toBe(10);
    expect((await buyNow(false, total)).outcome?.checkout?.state).toBe('purchased');
    expect(await h.stockOf(listing.id)).toBe(9);
  }, 60_000);

  it('a payment method payments would refuse (unknown, another buyer’s) is refused before anything is written', async () => {
    const h = harness();
    const listing = await h.listing(await h.supplier('Method Brewing'), 'Method Marzen', 10);
    const { ctx, addressId } = await h.buyer();
    const other = await h.buyer();
    const saved = (await h.paymentsClient.createSandboxPaymentMethod({ details: { $case: 'card', value: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } } }, other.ctx)).paymentMethodId;
    await h.paymentsClient.attachPaymentMethod({ paymentMethodId: saved, setupIntentId: '', replacesPaymentMethodId: '' }, other.ctx);
    await h.cartClient.addToCart({ listingId: listing.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, ctx);
    const checkOut = (paymentMethodId: string) => h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId, bankTransfer: false }, speculative: false, billing: undefined }, ctx);
    const unknown = await expectAppError(checkOut('pm_bogus_xyz'), 'validation-invalid-params');
    expect(unknown.meta?.['fields']).toEqual({ paymentMethodId: 'validation.paymentMethodUnknown' });
    await expectAppError(checkOut(saved), 'forbidden');
    const written = await h.orders.deps.db.selectFrom('orders').select('id').where('buyer_id', '=', ctx.caller?.userId ?? '').execute();
    expect(written).toEqual([]);
    expect(await h.stockOf(listing.id)).toBe(10);
    expect((await checkOut('pm_card_visa')).outcome?.checkout?.state).toBe('purchased');
  }, 60_000);

  it('a listing sold only in some states is not delivered elsewhere: cart checkout and Buy now to another state’s address are refused, nothing written', async () => {
    const h = harness();
    const supplier = await h.supplier('Border Brewing');
    const local = await h.listing(supplier, 'Border Bitter', 10, { visibleStates: ['VIC', 'NSW'] });
    const anywhere = await h.listing(supplier, 'Anywhere Ale', 10);
    // Added while the default address is in VIC (served); then the buyer adds a Brisbane address.
    const { ctx, addressId: vic } = await h.buyer();
    await h.cartClient.addToCart({ listingId: local.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, ctx);
    await h.cartClient.addToCart({ listingId: anywhere.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, ctx);
    const qld = (await h.cartClient.createDeliveryAddress({
      fields: { name: 'Valley Bar', street: '1 Ann St', city: 'Fortitude Valley', state: 'QLD', country: 'AU', postalCode: '4006', phone: '0412345678', email: 'valley@example.com', isDefault: false },
    }, ctx)).address?.id ?? '';
    const fromCart = (deliveryAddressId: string, speculative: boolean) => h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative, billing: undefined }, ctx);
    const buyNow = (listingId: string, deliveryAddressId: string) => h.client.initiateForListing({ expectedPayinTotalCents: 0,
      idempotencyKey: randomUUID(), listingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup', deliveryAddressId,
      payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, paymentTerm: '', speculative: false, billing: undefined, enquiryId: '',
    }, ctx, { deadlineMs: 20_000 });
    for (const speculative of [true, false]) {
      const err = await expectAppError(fromCart(qld, speculative), 'validation-invalid-params');
      expect(err.meta).toEqual({ fields: { deliveryAddressId: ORDER_MSG.stateNotServed }, listingId: local.id });
    }
    const err = await expectAppError(buyNow(local.id, qld), 'validation-invalid-params');
    expect(err.meta).toEqual({ fields: { deliveryAddressId: ORDER_MSG.stateNotServed }, listingId: local.id });
    const written = await h.orders.deps.db.selectFrom('checkouts').select('id').where('buyer_id', '=', ctx.caller?.userId ?? '').execute();
    expect(written).toEqual([]);
    expect([await h.stockOf(local.id), await h.stockOf(anywhere.id)]).toEqual([10, 10]);
    // A listing sold everywhere goes to Queensland; the state-limited one to the Victorian address.
    expect((await buyNow(anywhere.id, qld)).outcome?.checkout?.state).toBe('purchased');
    expect((await fromCart(vic, false)).outcome?.checkout?.state).toBe('purchased');
    expect([await h.stockOf(local.id), await h.stockOf(anywhere.id)]).toEqual([9, 8]);
  }, 60_000);
});
