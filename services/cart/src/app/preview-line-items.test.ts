import { expectAppError } from '@caskade/kit/testing';
import { anon, describeCart } from '../testing/harness';

describeCart('PreviewLineItems: the order panel’s live line items, for anyone', (h, { test: it }) => {
  it('prices one line for a caller not signed in, writing nothing', async () => {
    const { client, listing, supplier } = h();
    const shiraz = listing({ supplier: supplier(), title: 'Heathcote Shiraz', category: 'wine', prices: [25_000] });
    const { priced } = await client.previewLineItems({ listingId: shiraz.id, packageIndex: 0, quantity: 2, deliveryMethod: 'shipping' }, anon);
    // $500 of wine: WET $145, shipping $1.80, GST 10% of 50 000 + 14 500 + 180 = 6 468.
    expect(priced?.lineItems.map((l) => [l.code, l.quantity, l.unitPriceCents, l.lineTotalCents])).toEqual([
      ['units', 2, 25_000, 50_000], ['wet', 1, 14_500, 14_500], ['shipping-fee', 1, 180, 180], ['gst', 1, 6_468, 6_468],
      ['provider-commission', 1, -2_250, -2_250], ['provider-commission-gst', 1, -225, -225],
    ]);
    expect([priced?.payinTotalCents, priced?.payoutTotalCents, priced?.gstTotalCents, priced?.wetTotalCents]).toEqual([71_148, 68_673, 6_468, 14_500]);
  });

  it('checks the line as add to cart does', async () => {
    const { client, listing, supplier } = h();
    const ale = listing({ supplier: supplier(), stock: 3 });
    const line = { listingId: ale.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' };
    const over = await expectAppError(client.previewLineItems({ ...line, quantity: 4 }, anon), 'validation-invalid-params');
    expect(over.meta?.fields).toEqual({ quantity: 'quantityOverMsg' });
    const bad = await expectAppError(client.previewLineItems({ ...line, packageIndex: 2, deliveryMethod: '' }, anon), 'validation-invalid-params');
    expect(bad.meta?.fields).toEqual({ packageIndex: 'pricePackRequired', deliveryMethod: 'deliveryMethodRequired' });
    const empty = listing({ supplier: supplier(), stock: 0 });
    await expectAppError(client.previewLineItems({ ...line, listingId: empty.id }, anon), 'transaction-listing-insufficient-stock');
    const draft = listing({ supplier: supplier(), state: 'draft' });
    await expectAppError(client.previewLineItems({ ...line, listingId: draft.id }, anon), 'transaction-listing-not-found');
  });
});
