import { expectAppError } from '@caskade/kit/testing';
import { anon, ctxOf, describeCart } from '../testing/harness';

describeCart('AddToCart: packages of a published listing, merged per line, within stock', (h, { test: it }) => {
  it('adds an entry and answers the cart with it; the same listing, package and delivery method merges', async () => {
    const { client, listing, buyer, supplier } = h();
    const hops = supplier();
    const me = buyer();
    const pale = listing({ supplier: hops, title: 'Yarra Pale Ale', prices: [10_000, 6_000], stock: 10 });
    const first = await client.addToCart({ listingId: pale.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me);
    expect(first.cart?.itemCount).toBe(2);
    expect(first.cart?.suppliers[0]?.entries).toEqual([
      expect.objectContaining({
        id: first.entryId, listingId: pale.id, supplierId: hops.caller?.userId, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup',
        listingTitle: 'Yarra Pale Ale', listingSlug: 'yarra-pale-ale', category: 'beer', available: 10, problem: '', imageUrl: `/img/${pale.id}/card.jpg`,
        package: { packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 10_000, sku: 'KEG-50' },
      }),
    ]);
    const merged = await client.addToCart({ listingId: pale.id, packageIndex: 0, quantity: 3, deliveryMethod: 'pickup' }, me);
    expect(merged.entryId).toBe(first.entryId);
    expect(merged.cart?.entryCount).toBe(1);
    expect(merged.cart?.suppliers[0]?.entries[0]?.quantity).toBe(5);
    // Another package or delivery method is an entry of its own.
    const cans = await client.addToCart({ listingId: pale.id, packageIndex: 1, quantity: 1, deliveryMethod: 'pickup' }, me);
    const shipped = await client.addToCart({ listingId: pale.id, packageIndex: 0, quantity: 1, deliveryMethod: 'shipping' }, me);
    expect(new Set([first.entryId, cans.entryId, shipped.entryId]).size).toBe(3);
    expect(shipped.cart?.entryCount).toBe(3);
    expect(shipped.cart?.itemCount).toBe(7);
  });

  it('takes the only delivery method enabled when none is sent', async () => {
    const { client, listing, buyer, supplier } = h();
    const shippedOnly = listing({ supplier: supplier(), pickup: false, shipping: true });
    const res = await client.addToCart({ listingId: shippedOnly.id, packageIndex: 0, quantity: 1, deliveryMethod: '' }, buyer());
    expect(res.cart?.suppliers[0]?.entries[0]?.deliveryMethod).toBe('shipping');
  });

  it('adds a service, delivered in person, though it has no pickup or shipping settings; shipping is refused for it', async () => {
    const { client, listing, buyer, supplier } = h();
    const canning = listing({ supplier: supplier(), title: 'Mobile canning day', listingType: 'service', pickup: false, shipping: false });
    const me = buyer();
    const res = await client.addToCart({ listingId: canning.id, packageIndex: 0, quantity: 1, deliveryMethod: '' }, me);
    expect(res.cart?.suppliers[0]?.entries[0]?.deliveryMethod).toBe('pickup');
    const shipped = await expectAppError(client.addToCart({ listingId: canning.id, packageIndex: 0, quantity: 1, deliveryMethod: 'shipping' }, me), 'validation-invalid-params');
    expect(shipped.meta?.fields).toEqual({ deliveryMethod: 'deliveryMethodUnavailable' });
  });

  it('refuses bad lines with the order panel’s message keys, keyed by field, and changes nothing', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const me = buyer();
    const both = listing({ supplier: supplier(), stock: 4 });
    const pickupOnly = listing({ supplier: supplier(), shipping: false });
    const cases: Array<[{ listingId: string; packageIndex: number; quantity: number; deliveryMethod: string }, Record<string, string>]> = [
      [{ listingId: both.id, packageIndex: 1, quantity: 1, deliveryMethod: 'pickup' }, { packageIndex: 'pricePackRequired' }],
      [{ listingId: both.id, packageIndex: -1, quantity: 1, deliveryMethod: 'pickup' }, { packageIndex: 'pricePackRequired' }],
      [{ listingId: both.id, packageIndex: 0, quantity: -1, deliveryMethod: 'pickup' }, { quantity: 'quantityLessThanZero' }],
      [{ listingId: both.id, packageIndex: 0, quantity: 0, deliveryMethod: 'pickup' }, { quantity: 'quantityNotValid' }],
      [{ listingId: both.id, packageIndex: 0, quantity: 1, deliveryMethod: '' }, { deliveryMethod: 'deliveryMethodRequired' }],
      [{ listingId: both.id, packageIndex: 0, quantity: 1, deliveryMethod: 'drone' }, { deliveryMethod: 'deliveryMethodUnavailable' }],
      [{ listingId: pickupOnly.id, packageIndex: 0, quantity: 1, deliveryMethod: 'shipping' }, { deliveryMethod: 'deliveryMethodUnavailable' }],
      [{ listingId: both.id, packageIndex: 0, quantity: 5, deliveryMethod: 'pickup' }, { quantity: 'quantityOverMsg' }],
      [{ listingId: both.id, packageIndex: 3, quantity: 0, deliveryMethod: '' }, { packageIndex: 'pricePackRequired', quantity: 'quantityNotValid', deliveryMethod: 'deliveryMethodRequired' }],
    ];
    for (const [req, fields] of cases) {
      const err = await expectAppError(client.addToCart(req, me), 'validation-invalid-params');
      expect({ req, fields: err.meta?.fields }).toEqual({ req, fields });
    }
    expect((await cartOf(me)).entryCount).toBe(0);
  });

  it('refuses a listing without stock, not published or unknown, the buyer’s own, and callers who are not buyers', async () => {
    const { client, listing, buyer, supplier, listings } = h();
    const me = buyer();
    const line = (listingId: string) => ({ listingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    const empty = listing({ supplier: supplier(), stock: 0 });
    const noStock = await expectAppError(client.addToCart(line(empty.id), me), 'transaction-listing-insufficient-stock');
    expect(noStock.meta).toEqual({ listingId: empty.id, available: 0 });
    const closed = listing({ supplier: supplier(), state: 'closed' });
    await expectAppError(client.addToCart(line(closed.id), me), 'transaction-listing-not-found');
    await expectAppError(client.addToCart(line('00000000-0000-4000-8000-000000000000'), me), 'transaction-listing-not-found');
    await expectAppError(client.addToCart(line('not-an-id'), me), 'transaction-listing-not-found');
    const mine = listing({ supplier: me });
    const own = await expectAppError(client.addToCart(line(mine.id), me), 'forbidden');
    expect(own.meta).toEqual({ reason: 'ownListing' });
    const open = listing({ supplier: supplier() });
    const bySupplier = await expectAppError(client.addToCart(line(open.id), supplier()), 'forbidden');
    expect(bySupplier.meta).toEqual({ reason: 'supplierCannotBuy' });
    const byOperator = await expectAppError(client.addToCart(line(open.id), ctxOf(me.caller?.userId ?? '', 'operator')), 'forbidden');
    expect(byOperator.meta).toEqual({ reason: 'supplierCannotBuy' });
    await expectAppError(client.addToCart(line(open.id), anon), 'auth-unauthenticated');
    const limited = await expectAppError(client.addToCart(line(open.id), buyer(['user:limited'])), 'forbidden');
    expect(limited.meta).toEqual({ reason: 'limited-access' });
    expect(listings.byId.get(open.id)?.stockQuantity).toBe(10);
  });

  it('refuses a listing not visible in the state of the buyer’s default delivery address', async () => {
    const { client, listing, buyer, supplier } = h();
    const me = buyer();
    const vicOnly = listing({ supplier: supplier(), visibleStates: ['VIC'] });
    const line = { listingId: vicOnly.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' };
    const address = { name: 'Ava Nguyen', street: '1 George St', city: 'Sydney', country: 'AU', postalCode: '2000', phone: '0412 345 678', email: 'ava@example.com.au', isDefault: false };
    const sydney = await client.createDeliveryAddress({ fields: { ...address, state: 'NSW' } }, me);
    const err = await expectAppError(client.addToCart(line, me), 'validation-invalid-params');
    expect(err.meta?.fields).toEqual({ listingId: 'stateNotServed' });
    await client.createDeliveryAddress({ fields: { ...address, state: 'VIC', city: 'Melbourne', postalCode: '3000', isDefault: true } }, me);
    expect((await client.addToCart(line, me)).cart?.itemCount).toBe(1);
    expect(sydney.address?.isDefault).toBe(true);
  });

  it('keeps the sum of a listing’s quantities (every package and delivery method) within its stock', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const me = buyer();
    const small = listing({ supplier: supplier(), prices: [10_000, 5_000], stock: 5 });
    await client.addToCart({ listingId: small.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me);
    await client.addToCart({ listingId: small.id, packageIndex: 1, quantity: 2, deliveryMethod: 'shipping' }, me);
    const over = await expectAppError(client.addToCart({ listingId: small.id, packageIndex: 0, quantity: 2, deliveryMethod: 'shipping' }, me), 'validation-invalid-params');
    expect(over.meta?.fields).toEqual({ quantity: 'quantityOverMsg' });
    await client.addToCart({ listingId: small.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me);
    expect((await cartOf(me)).itemCount).toBe(5);
    // Another buyer's cart does not count against this one's.
    expect((await client.addToCart({ listingId: small.id, packageIndex: 0, quantity: 5, deliveryMethod: 'pickup' }, buyer())).cart?.itemCount).toBe(5);
  });

  it('20 concurrent adds of the same line end with the summed quantity, never above stock', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const roomy = listing({ supplier: supplier(), stock: 100 });
    const tight = listing({ supplier: supplier(), stock: 13 });
    const me = buyer();
    const add = (listingId: string) => client.addToCart({ listingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me).then(() => 'ok', (err: { code?: string }) => err.code ?? 'error');
    const roomyResults = await Promise.all(Array.from({ length: 20 }, () => add(roomy.id)));
    expect(roomyResults.filter((r) => r === 'ok')).toHaveLength(20);
    const tightResults = await Promise.all(Array.from({ length: 20 }, () => add(tight.id)));
    expect(tightResults.filter((r) => r === 'ok')).toHaveLength(13);
    expect(tightResults.filter((r) => r === 'validation-invalid-params')).toHaveLength(7);
    const entries = (await cartOf(me)).suppliers.flatMap((g) => g.entries);
    expect(entries.map((e) => [e.listingId, e.quantity]).sort()).toEqual([[roomy.id, 20], [tight.id, 13]].sort());
  }, 30_000);
});
