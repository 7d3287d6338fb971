import { expectAppError } from '@caskade/kit/testing';
import { describeCart } from '../testing/harness';

describeCart('UpdateCartEntry: quantity and delivery method, changed=false when nothing changes', (h, { test: it }) => {
  it('changes the quantity, answers changed=false with the same cart when nothing changes', async () => {
    const { client, listing, buyer, supplier } = h();
    const me = buyer();
    const ale = listing({ supplier: supplier(), stock: 6 });
    const { entryId } = await client.addToCart({ listingId: ale.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me);
    const raised = await client.updateCartEntry({ entryId, quantity: 6, deliveryMethod: '' }, me);
    expect([raised.changed, raised.cart?.itemCount]).toEqual([true, 6]);
    for (const same of [{ quantity: 6, deliveryMethod: '' }, { quantity: 0, deliveryMethod: '' }, { quantity: 0, deliveryMethod: 'pickup' }, { quantity: 6, deliveryMethod: 'pickup' }]) {
      const res = await client.updateCartEntry({ entryId, ...same }, me);
      expect({ same, changed: res.changed, cart: res.cart }).toEqual({ same, changed: false, cart: raised.cart });
    }
    const over = await expectAppError(client.updateCartEntry({ entryId, quantity: 7, deliveryMethod: '' }, me), 'validation-invalid-params');
    expect(over.meta?.fields).toEqual({ quantity: 'quantityOverMsg' });
    const negative = await expectAppError(client.updateCartEntry({ entryId, quantity: -2, deliveryMethod: '' }, me), 'validation-invalid-params');
    expect(negative.meta?.fields).toEqual({ quantity: 'quantityLessThanZero' });
  });

  it('changes the delivery method, merging with the entry it would duplicate, within stock', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const me = buyer();
    const ale = listing({ supplier: supplier(), stock: 10 });
    const pickup = await client.addToCart({ listingId: ale.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me);
    const shipped = await client.addToCart({ listingId: ale.id, packageIndex: 0, quantity: 3, deliveryMethod: 'shipping' }, me);
    const merged = await client.updateCartEntry({ entryId: pickup.entryId, quantity: 4, deliveryMethod: 'shipping' }, me);
    expect(merged.changed).toBe(true);
    expect(merged.cart?.suppliers[0]?.entries.map((e) => [e.id, e.deliveryMethod, e.quantity])).toEqual([[shipped.entryId, 'shipping', 7]]);
    const moved = await client.updateCartEntry({ entryId: shipped.entryId, quantity: 0, deliveryMethod: 'pickup' }, me);
    expect(moved.cart?.suppliers[0]?.entries.map((e) => [e.id, e.deliveryMethod, e.quantity])).toEqual([[shipped.entryId, 'pickup', 7]]);
    // The supplier stops shipping the listing.
    h().listings.change(ale.id, { fields: { shippingEnabled: false } });
    const unavailable = await expectAppError(client.updateCartEntry({ entryId: shipped.entryId, quantity: 0, deliveryMethod: 'shipping' }, me), 'validation-invalid-params');
    expect(unavailable.meta?.fields).toEqual({ deliveryMethod: 'deliveryMethodUnavailable' });
    expect((await cartOf(me)).itemCount).toBe(7);
  });

  it('answers not-found for another buyer’s entry or an unknown one, and transaction-listing-not-found when the listing is gone', async () => {
    const { client, listing, buyer, supplier, listings, cartOf } = h();
    const owner = buyer();
    const ale = listing({ supplier: supplier() });
    const { entryId } = await client.addToCart({ listingId: ale.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, owner);
    await expectAppError(client.updateCartEntry({ entryId, quantity: 2, deliveryMethod: '' }, buyer()), 'not-found');
    await expectAppError(client.updateCartEntry({ entryId: 'x', quantity: 2, deliveryMethod: '' }, owner), 'not-found');
    listings.change(ale.id, { state: 'closed' });
    await expectAppError(client.updateCartEntry({ entryId, quantity: 2, deliveryMethod: '' }, owner), 'transaction-listing-not-found');
    expect((await cartOf(owner)).suppliers[0]?.entries.map((e) => [e.quantity, e.problem])).toEqual([[1, 'listing-unavailable']]);
  });
});

