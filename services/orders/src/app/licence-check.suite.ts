/** The liquor-licence rule at checkout (ADR 042) on the real services: liquor needs a licence on file; services and non-alcoholic products do not. */
import { randomUUID } from 'node:crypto';
import type { CallContext } from '@caskade/kit';
import { expectAppError, solidPng } from '@caskade/kit/testing';
import { catalog, orders } from '@caskade/proto';
import { describeOrders, type OrdersHarness } from '../testing/harness';

const card = { paymentMethodId: 'pm_card_visa', bankTransfer: false };

function cartCheckout(h: OrdersHarness, ctx: CallContext, addressId: string, speculative: boolean) {
  return h.client.initiateFromCart({ expectedPayinTotalCents: 0, idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: card, speculative, billing: undefined }, ctx, { deadlineMs: 20_000 });
}

/** A published canning service of `supplier` (no alcohol, whatever it is for). */
async function serviceListing(h: OrdersHarness, supplier: CallContext): Promise<catalog.Listing> {
  const image = await h.catalogClient.uploadImage({ data: solidPng(32, 32), fileName: 'line.png' }, supplier, { deadlineMs: 20_000 });
  const fields = catalog.ListingFields.fromPartial({
    listingType: 'service', title: `Mobile canning ${randomUUID().slice(0, 6)}`, description: 'We bring the canning line to you.', category: 'canning',
    pricePackages: [{ packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: 150_000, sku: 'CAN-DAY' }], imageIds: [image.image?.id ?? ''],
    location: { address: '12 Brewery Lane, Healesville VIC', state: 'VIC', postcode: '3777', lat: -37.65, lng: 145.51 }, pickupEnabled: true,
  });
  const draft = (await h.catalogClient.createListing({ fields, stockQuantity: 5 }, supplier)).listing?.id ?? '';
  const published = (await h.catalogClient.publishListing({ id: draft }, supplier)).listing;
  if (published?.state !== 'published') throw new Error('the service did not publish');
  return published;
}

const ordersOf = async (h: OrdersHarness, ctx: CallContext) => (await h.client.queryOrders(orders.QueryOrdersRequest.fromPartial({ only: 'order', page: 1, perPage: 10 }), ctx)).orders;

describeOrders('checkout: liquor needs a liquor licence on file', (harness, { test: it }) => {
  it('refuses a cart holding liquor (and its preview) without a licence, writes nothing, and passes once a licence is added', async () => {
    const h = harness();
    const supplier = await h.supplier();
    const beer = await h.listing(supplier, `Licence Lager ${randomUUID().slice(0, 6)}`, 10);
    const { ctx, addressId } = await h.buyer({ liquorLicence: false });
    const added = await h.cartClient.addToCart({ listingId: beer.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, ctx);
    expect(added.cart?.suppliers[0]?.entries.map((e) => e.requiresLiquorLicence)).toEqual([true]);

    const preview = await expectAppError(cartCheckout(h, ctx, addressId, true), 'transaction-liquor-licence-required');
    expect([preview.status, preview.meta]).toEqual([403, { listingIds: [beer.id] }]);
    const refused = await expectAppError(cartCheckout(h, ctx, addressId, false), 'transaction-liquor-licence-required');
    expect([refused.status, refused.meta]).toEqual([403, { listingIds: [beer.id] }]);
    expect(await h.stockOf(beer.id)).toBe(10);
    expect(await ordersOf(h, ctx)).toEqual([]);

    // A licence just added counts at once (a buyer seen without one is asked again).
    await h.identityClient.setLiquorLicence({ number: 'LIQO660012345', state: 'NSW' }, ctx);
    const previewed = await cartCheckout(h, ctx, addressId, true);
    expect(previewed.outcome?.preview.length).toBe(1);
    const bought = await cartCheckout(h, ctx, addressId, false);
    expect(bought.outcome?.checkout?.orders.map((o) => o.lines.map((l) => [l.listingId, l.quantity]))).toEqual([[[beer.id, 2]]]);
    expect(await h.stockOf(beer.id)).toBe(8);
  }, 60_000);

  it('refuses buying a liquor listing now without a licence; a licensed buyer buys it', async () => {
    const h = harness();
    const supplier = await h.supplier();
    const beer = await h.listing(supplier, `Buy Now Ale ${randomUUID().slice(0, 6)}`, 5);
    const request = (addressId: string, speculative: boolean) => ({
      idempotencyKey: randomUUID(), listingId: beer.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup', paymentTerm: '', deliveryAddressId: addressId,
      payment: card, speculative, billing: undefined, enquiryId: '', expectedPayinTotalCents: 0,
    });
    const unlicensed = await h.buyer({ liquorLicence: false });
    for (const speculative of [true, false]) {
      const err = await expectAppError(h.client.initiateForListing(request(unlicensed.addressId, speculative), unlicensed.ctx, { deadlineMs: 20_000 }), 'transaction-liquor-licence-required');
      expect(err.meta).toEqual({ listingIds: [beer.id] });
    }
    expect(await h.stockOf(beer.id)).toBe(5);
    const licensed = await h.buyer();
    const out = await h.client.initiateForListing(request(licensed.addressId, false), licensed.ctx, { deadlineMs: 20_000 });
    expect(out.outcome?.checkout?.orders.length).toBe(1);
    expect(await h.stockOf(beer.id)).toBe(4);
  }, 60_000);

  it('lets a buyer without a licence buy services and non-alcoholic products', async () => {
    const h = harness();
    const supplier = await h.supplier();
    const service = await serviceListing(h, supplier);
    const { ctx, addressId } = await h.buyer({ liquorLicence: false });
    const added = await h.cartClient.addToCart({ listingId: service.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, ctx);
    expect(added.cart?.suppliers[0]?.entries.map((e) => e.requiresLiquorLicence)).toEqual([false]);
    const preview = await cartCheckout(h, ctx, addressId, true);
    expect(preview.outcome?.preview.length).toBe(1);
    const bought = await cartCheckout(h, ctx, addressId, false);
    expect(bought.outcome?.checkout?.orders.map((o) => o.lines.map((l) => l.listingId))).toEqual([[service.id]]);
  }, 60_000);
});
