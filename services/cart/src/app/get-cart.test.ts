import { expectAppError } from '@caskade/kit/testing';
import { anon, describeCart } from '../testing/harness';

describeCart('GetCart: grouped by supplier, priced, with problems, minimums and terms', (h, { test: it }) => {
  it('groups entries by supplier and prices each group (units, GST, shipping once, Small plan fee)', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const me = buyer();
    const hops = supplier();
    const vines = supplier();
    const ale = listing({ supplier: hops, title: 'Yarra Pale Ale', prices: [10_000], brandName: 'Hop Hill Brewing' });
    const shiraz = listing({ supplier: vines, title: 'Heathcote Shiraz', category: 'wine', prices: [20_000, 30_000], brandName: 'Vine Lane Wines' });
    await client.addToCart({ listingId: ale.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me);
    await client.addToCart({ listingId: shiraz.id, packageIndex: 1, quantity: 1, deliveryMethod: 'shipping' }, me);
    const current = await cartOf(me);
    expect(current.suppliers.map((g) => [g.supplierId, g.supplierName, g.totalQuantity, g.minimumOrderQuantity, g.minimumMet, g.paymentTerm])).toEqual([
      [hops.caller?.userId, 'Hop Hill Brewing', 2, 1, true, 'none'],
      [vines.caller?.userId, 'Vine Lane Wines', 1, 1, true, 'none'],
    ]);
    const [beerGroup, wineGroup] = current.suppliers;
    // 2 × $100 keg picked up: GST $20; the supplier pays 4.5% ($9) plus its GST (90c).
    expect(beerGroup?.priced).toEqual({
      lineItems: [
        { code: 'units', includeFor: ['customer', 'provider'], quantity: 2, unitPriceCents: 10_000, lineTotalCents: 20_000, listingId: ale.id, packageIndex: 0, description: 'Yarra Pale Ale — Keg 50 L' },
        { code: 'gst', includeFor: ['customer', 'provider'], quantity: 1, unitPriceCents: 2_000, lineTotalCents: 2_000, listingId: '', packageIndex: 0, description: 'GST (10%)' },
        { code: 'provider-commission', includeFor: ['provider'], quantity: 1, unitPriceCents: -900, lineTotalCents: -900, listingId: '', packageIndex: 0, description: 'Caskade platform fee (4.5%)' },
        { code: 'provider-commission-gst', includeFor: ['provider'], quantity: 1, unitPriceCents: -90, lineTotalCents: -90, listingId: '', packageIndex: 0, description: 'GST on Caskade platform fee' },
      ],
      payinTotalCents: 22_000, payoutTotalCents: 21_010, gstTotalCents: 2_000, wetTotalCents: 0,
    });
    // $300 of wine shipped: WET $87, shipping $1.80, GST 10% of 30 000 + 8 700 + 180 = 3 888.
    expect(wineGroup?.priced?.lineItems.map((l) => [l.code, l.lineTotalCents, l.description])).toEqual([
      ['units', 30_000, 'Heathcote Shiraz — Can 375 ml × 24'],
      ['wet', 8_700, 'Wine equalisation tax (29%)'],
      ['shipping-fee', 180, 'Shipping (flat rate)'],
      ['gst', 3_888, 'GST (10%)'],
      ['provider-commission', -1_350, 'Caskade platform fee (4.5%)'],
      ['provider-commission-gst', -135, 'GST on Caskade platform fee'],
    ]);
    expect(wineGroup?.priced?.payinTotalCents).toBe(42_768);
    expect([current.itemCount, current.entryCount, current.payinTotalCents, current.canCheckOut]).toEqual([3, 2, 22_000 + 42_768, true]);
  });

  it('keeps entries whose listing changed, each with its problem, and blocks checkout until they are fixed', async () => {
    const { client, listing, buyer, supplier, cartOf, listings } = h();
    const me = buyer();
    const hops = supplier();
    const gone = listing({ supplier: hops, title: 'Gone Gose' });
    const closed = listing({ supplier: hops, title: 'Closed Kolsch' });
    const repacked = listing({ supplier: hops, title: 'Repacked Red', prices: [10_000, 5_000] });
    const short = listing({ supplier: hops, title: 'Short Stout', stock: 5 });
    const fine = listing({ supplier: hops, title: 'Fine Fizz' });
    for (const [l, packageIndex] of [[gone, 0], [closed, 0], [repacked, 1], [short, 0], [fine, 0]] as const) {
      await client.addToCart({ listingId: l.id, packageIndex, quantity: 3, deliveryMethod: 'pickup' }, me);
    }
    listings.byId.delete(gone.id);
    listings.change(closed.id, { state: 'closed' });
    listings.change(repacked.id, { fields: { pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 10_000, sku: 'KEG-50' }] } });
    listings.change(short.id, { stockQuantity: 2 });
    const current = await cartOf(me);
    const entries = current.suppliers.flatMap((g) => g.entries);
    expect(entries.map((e) => [e.listingId, e.problem, e.available, e.quantity])).toEqual([
      [gone.id, 'listing-unavailable', 0, 3],
      [closed.id, 'listing-unavailable', 0, 3],
      [repacked.id, 'package-missing', 10, 3],
      [short.id, 'not-enough-stock', 2, 3],
      [fine.id, '', 10, 3],
    ]);
    expect(entries[0]?.listingTitle).toBe('');
    // Only the line without a problem is priced; the buyer still sees every entry and may remove them.
    expect(current.suppliers[0]?.priced?.lineItems.filter((l) => l.code === 'units').map((l) => l.listingId)).toEqual([fine.id]);
    expect([current.itemCount, current.canCheckOut]).toEqual([15, false]);
  });

  it('applies the supplier’s minimum order quantity to the sum of its group', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const me = buyer();
    const hops = supplier();
    await client.setSupplierTerms({ minimumOrderQuantity: 4, paymentTerms: ['30_days'] }, hops);
    const a = listing({ supplier: hops, prices: [10_000, 4_000] });
    await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me);
    await client.addToCart({ listingId: a.id, packageIndex: 1, quantity: 2, deliveryMethod: 'pickup' }, me);
    const below = await cartOf(me);
    expect([below.suppliers[0]?.totalQuantity, below.suppliers[0]?.minimumOrderQuantity, below.suppliers[0]?.minimumMet, below.suppliers[0]?.paymentTermsOffered, below.canCheckOut])
      .toEqual([3, 4, false, ['30_days'], false]);
    const met = (await client.addToCart({ listingId: a.id, packageIndex: 1, quantity: 1, deliveryMethod: 'shipping' }, me)).cart;
    expect([met?.suppliers[0]?.totalQuantity, met?.suppliers[0]?.minimumMet, met?.canCheckOut]).toEqual([4, true, true]);
  });

  it('names a supplier that cannot be paid yet and holds checkout back until it can', async () => {
    const { client, listing, buyer, supplier, cartOf, payoutAccounts } = h();
    const me = buyer();
    const ready = supplier();
    const unready = supplier();
    payoutAccounts.without.add(unready.caller?.userId ?? '');
    const a = listing({ supplier: ready });
    const b = listing({ supplier: unready, brandName: 'Vines & Co' });
    await client.addToCart({ listingId: a.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me);
    const added = (await client.addToCart({ listingId: b.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me)).cart;
    // The answer to the add says it already, as does every read after.
    for (const current of [added, await cartOf(me)]) {
      expect(current?.suppliers.map((g) => [g.supplierId, g.payoutAccountMissing])).toEqual([
        [ready.caller?.userId, false],
        [unready.caller?.userId, true],
      ]);
      expect(current?.canCheckOut).toBe(false);
    }
    // Set up: the next read lets the cart through.
    payoutAccounts.without.clear();
    const after = await cartOf(me);
    expect([after.suppliers.map((g) => g.payoutAccountMissing), after.canCheckOut]).toEqual([[false, false], true]);
  });

  it('answers an empty cart that cannot be checked out, only to a buyer', async () => {
    const { client, buyer, supplier, cartOf } = h();
    expect(await cartOf(buyer())).toEqual({ suppliers: [], itemCount: 0, entryCount: 0, payinTotalCents: 0, canCheckOut: false });
    await expectAppError(client.getCart({}, anon), 'auth-unauthenticated');
    const err = await expectAppError(client.getCart({}, supplier()), 'forbidden');
    expect(err.meta).toEqual({ reason: 'supplierCannotBuy' });
  });
});
