/** The cart checkout on the real services: one order per supplier, readable numbers drawn again on a clash, previews write nothing. */
import { randomUUID } from 'node:crypto';
import { describeOrders } from '../testing/harness';
import { ORDER_NUMBER_PATTERN } from '../domain/terms';

describeOrders('checkout from the cart', (harness, { test: it }) => {
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
        const request = { idempotencyKey: randomUUID(), deliveryAddressId: addressId, payment: { paymentMethodId: 'pm_card_visa', bankTransfer: false }, speculative: true, billing: undefined };
        const preview = await h.client.initiateFromCart(request, ctx);
        expect([preview.outcome?.checkout, preview.outcome?.preview.length, preview.outcome?.preview[0]?.priced?.payinTotalCents]).toEqual([undefined, 1, 26_400]);
        expect(await h.stockOf(listing.id)).toBe(10 - i);
        const out = await h.client.initiateFromCart({ ...request, speculative: false }, ctx);
        numbers.push(out.outcome?.checkout?.orders[0]?.orderNumber ?? '');
      }
      expect(numbers[0]).toBe('CK-4679-ACDE');
      expect(numbers[1]).not.toBe(numbers[0]);
      expect(numbers[1]).toMatch(ORDER_NUMBER_PATTERN);
      expect(draws).toBe(3);
    } finally {
      h.orders.deps.randomBytes = random;
    }
  }, 30_000);
});
