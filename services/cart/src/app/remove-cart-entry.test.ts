import { expectAppError } from '@caskade/kit/testing';
import { describeCart } from '../testing/harness';

describeCart('RemoveCartEntry: the buyer’s own entries only', (h, { test: it }) => {
  it('removes an entry, even of a listing that is gone, and answers the cart without it', async () => {
    const { client, listing, buyer, supplier, listings } = h();
    const me = buyer();
    const gone = listing({ supplier: supplier() });
    const kept = listing({ supplier: supplier() });
    const a = await client.addToCart({ listingId: gone.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' }, me);
    await client.addToCart({ listingId: kept.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, me);
    listings.byId.delete(gone.id);
    const res = await client.removeCartEntry({ entryId: a.entryId }, me);
    expect(res.cart?.suppliers.flatMap((g) => g.entries.map((e) => e.listingId))).toEqual([kept.id]);
    expect([res.cart?.itemCount, res.cart?.canCheckOut]).toEqual([1, true]);
    await expectAppError(client.removeCartEntry({ entryId: a.entryId }, me), 'not-found');
  });

  it('answers not-found for another buyer’s entry and keeps it', async () => {
    const { client, listing, buyer, supplier, cartOf } = h();
    const owner = buyer();
    const ale = listing({ supplier: supplier() });
    const { entryId } = await client.addToCart({ listingId: ale.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' }, owner);
    await expectAppError(client.removeCartEntry({ entryId }, buyer()), 'not-found');
    await expectAppError(client.removeCartEntry({ entryId: 'not-an-id' }, owner), 'not-found');
    expect((await cartOf(owner)).entryCount).toBe(1);
  });
});
