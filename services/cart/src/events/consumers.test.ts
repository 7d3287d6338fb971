import { randomUUID } from 'node:crypto';
import { UserDeleted } from '@caskade/identity/events';
import { CheckoutPlaced, CheckoutPurchased } from '@caskade/orders/events';
import { expectAppError } from '@caskade/kit/testing';
import { describeCart, sydney, until } from '../testing/harness';

describeCart('consumers: checkout purchased, account deleted', (h, { test: it }) => {
  it('removes the purchased entries of that buyer once; entries added since and other buyers’ stay', async () => {
    const { client, listing, buyer, supplier, publish, cartOf } = h();
    const me = buyer();
    const other = buyer();
    const hops = supplier();
    const a = listing({ supplier: hops });
    const b = listing({ supplier: hops });
    const bought1 = (await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me)).entryId;
    const bought2 = (await client.addToCart({ listingId: b.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me)).entryId;
    const theirs = (await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, other)).entryId;
    const data = { checkoutId: randomUUID(), buyerId: me.caller?.userId, orderIds: [randomUUID()], cartEntryIds: [bought1, bought2, theirs] };
    const event = await publish(CheckoutPurchased.subject, data);
    const entriesOf = async (who: typeof me) => (await cartOf(who)).suppliers.flatMap((g) => g.entries.map((e) => e.id));
    expect(await until(() => entriesOf(me), [])).toEqual([]);
    // Added after the checkout, then the same event redelivered: the new entry stays.
    const later = (await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me)).entryId;
    await publish(CheckoutPurchased.subject, data, event.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(await entriesOf(me)).toEqual([later]);
    expect(await entriesOf(other)).toEqual([theirs]);
  });

  it('takes off only what the checkout bought: an entry the buyer added to meanwhile keeps the rest', async () => {
    const { client, listing, buyer, supplier, publish, cartOf } = h();
    const me = buyer();
    const a = listing({ supplier: supplier(), stock: 20 });
    const entry = (await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me)).entryId;
    // The buyer adds 3 more of the same while the purchase of 2 is on its way: one entry of 5.
    expect((await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 3, deliveryMethod: 'pickup' }, me)).entryId).toBe(entry);
    const data = { checkoutId: randomUUID(), buyerId: me.caller?.userId, orderIds: [randomUUID()], cartEntryIds: [entry], cartLines: [{ entryId: entry, quantity: 2 }] };
    const event = await publish(CheckoutPurchased.subject, data);
    const quantities = async () => (await cartOf(me)).suppliers.flatMap((g) => g.entries.map((e) => [e.id, e.quantity]));
    expect(await until(quantities, [[entry, 3]])).toEqual([[entry, 3]]);
    await publish(CheckoutPurchased.subject, data, event.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(await quantities()).toEqual([[entry, 3]]);
    await publish(CheckoutPurchased.subject, { ...data, checkoutId: randomUUID(), cartLines: [{ entryId: entry, quantity: 3 }] });
    expect(await until(quantities, [])).toEqual([]);
  });

  it('takes a bank-transfer checkout’s lines off when it is placed, and not again when it is purchased (ADR 070)', async () => {
    const { client, listing, buyer, supplier, publish, cartOf } = h();
    const me = buyer();
    const a = listing({ supplier: supplier(), stock: 20 });
    const entry = (await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me)).entryId;
    const checkoutId = randomUUID();
    const lines = [{ entryId: entry, quantity: 2 }];
    // The buyer adds 3 more of the same before the placement is heard: one entry of 5.
    await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 3, deliveryMethod: 'pickup' }, me);
    await publish(CheckoutPlaced.subject, { checkoutId, buyerId: me.caller?.userId, orderIds: [randomUUID()], cartLines: lines });
    const quantities = async () => (await cartOf(me)).suppliers.flatMap((g) => g.entries.map((e) => [e.id, e.quantity]));
    expect(await until(quantities, [[entry, 3]])).toEqual([[entry, 3]]);
    // The operator confirms the transfer: the purchase names the same lines, and they were taken already.
    await publish(CheckoutPurchased.subject, { checkoutId, buyerId: me.caller?.userId, orderIds: [randomUUID()], cartEntryIds: [entry], cartLines: lines });
    // A later checkout's purchase (another id) is handled after this one: once it shows, the first has been too.
    const marker = (await client.addToCart({ listingId: listing({ supplier: supplier() }).id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me)).entryId;
    await publish(CheckoutPurchased.subject, { checkoutId: randomUUID(), buyerId: me.caller?.userId, orderIds: [randomUUID()], cartEntryIds: [marker], cartLines: [{ entryId: marker, quantity: 1 }] });
    expect(await until(quantities, [[entry, 3]])).toEqual([[entry, 3]]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await quantities()).toEqual([[entry, 3]]);
  });

  it('orders takes a checkout’s lines before answering, once; its event then changes nothing, and only a service may ask (ADR 074)', async () => {
    const { client, listing, buyer, supplier, publish, cartOf } = h();
    const me = buyer();
    const a = listing({ supplier: supplier(), stock: 20 });
    const entry = (await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me)).entryId;
    const checkoutId = randomUUID();
    const lines = [{ entryId: entry, quantity: 2 }];
    const service = { requestId: 'test', caller: null };
    const ask = { checkoutId, buyerId: me.caller?.userId ?? '', lines };
    // Nobody but a service: the buyer (or anyone signed in) is refused, and bad ids are 400s; nothing moves.
    await expectAppError(client.takeCheckoutLines(ask, me), 'forbidden');
    expect((await expectAppError(client.takeCheckoutLines({ ...ask, checkoutId: 'x' }, service), 'validation-invalid-params')).meta).toEqual({ fields: { checkoutId: 'validation.invalidValue' } });
    expect((await expectAppError(client.takeCheckoutLines({ ...ask, buyerId: '' }, service), 'validation-invalid-params')).meta).toEqual({ fields: { buyerId: 'validation.invalidValue' } });
    const quantities = async () => (await cartOf(me)).suppliers.flatMap((g) => g.entries.map((e) => [e.id, e.quantity]));
    expect(await quantities()).toEqual([[entry, 2]]);
    // Taken at once (no event needed), then never again.
    expect(await client.takeCheckoutLines(ask, service)).toEqual({ taken: true });
    expect(await quantities()).toEqual([]);
    const again = (await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me)).entryId;
    expect(await client.takeCheckoutLines({ ...ask, lines: [{ entryId: again, quantity: 2 }] }, service)).toEqual({ taken: false });
    // The checkout's own event arrives later: what the buyer added since stays.
    await publish(CheckoutPurchased.subject, { checkoutId, buyerId: me.caller?.userId, orderIds: [randomUUID()], cartEntryIds: [entry], cartLines: lines });
    const marker = (await client.addToCart({ listingId: listing({ supplier: supplier() }).id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me)).entryId;
    await publish(CheckoutPurchased.subject, { checkoutId: randomUUID(), buyerId: me.caller?.userId, orderIds: [randomUUID()], cartEntryIds: [marker], cartLines: [{ entryId: marker, quantity: 1 }] });
    expect(await until(quantities, [[again, 2]])).toEqual([[again, 2]]);
  });

  it('deletes a deleted account’s cart, term choices, addresses and supplier terms', async () => {
    const { client, listing, buyer, supplier, publish, cartOf, svc } = h();
    const me = buyer();
    const hops = supplier();
    await client.setSupplierTerms({ minimumOrderQuantity: 3, paymentTerms: ['30_days'] }, hops);
    await client.addToCart({ listingId: listing({ supplier: hops }).id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me);
    await client.setPaymentTerm({ supplierId: hops.caller?.userId ?? '', paymentTerm: '30_days' }, me);
    await client.createDeliveryAddress({ fields: sydney }, me);
    const userId = me.caller?.userId ?? '';
    await publish(UserDeleted.subject, { userId });
    expect(await until(async () => (await cartOf(me)).entryCount, 0)).toBe(0);
    expect((await client.listDeliveryAddresses({}, me)).addresses).toEqual([]);
    expect(await svc.db.selectFrom('payment_term_choices').select('term').where('buyer_id', '=', userId).execute()).toEqual([]);
    await publish(UserDeleted.subject, { userId: hops.caller?.userId });
    const supplierTerms = async () => (await client.getSupplierTerms({ supplierIds: [hops.caller?.userId ?? ''] }, me)).terms[0]?.minimumOrderQuantity;
    expect(await until(supplierTerms, 1)).toBe(1);
  });
});
