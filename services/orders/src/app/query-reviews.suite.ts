/** Public reviews: about a user, or of the supplier on the orders that held a listing, with the average and count. */
import { randomUUID } from 'node:crypto';
import { expectAppError } from '@caskade/kit/testing';
import { describeOrders, system } from '../testing/harness';
import { buyNow, moveTo, paidOrder } from '../testing/orders-fixtures';

describeOrders('query reviews', (harness, { test: it }) => {
  it('answers a listing’s and a user’s reviews, newest first, with the average rating', async () => {
    const h = harness();
    const first = await paidOrder(h, [{ title: 'Avg Pale', stock: 10, quantity: 1 }, { title: 'Avg Red', stock: 10, quantity: 1 }]);
    await moveTo(h, first.order.id, 'transition/multi-vendor-mark-received-from-purchased', 'received-multi-vendor');
    await h.client.createReview({ orderId: first.order.id, rating: 5, content: 'Great.' }, first.buyer);
    await h.client.createReview({ orderId: first.order.id, rating: 2, content: 'Slow to pay.' }, first.supplier);
    const [pale, red] = first.listings.map((l) => l.id);

    // A second order of the same supplier, of the pale only, reviewed later.
    const { ctx: buyer2 } = await h.buyer();
    const second = (await buyNow(h, buyer2, [{ listingId: pale ?? '', quantity: 1 }])).id;
    await moveTo(h, second, 'transition/multi-vendor-mark-received-from-purchased', 'received-multi-vendor');
    h.clock.now += 60_000;
    await h.client.createReview({ orderId: second, rating: 4, content: 'Good again.' }, buyer2);

    const ofPale = await h.client.queryReviews({ listingId: pale ?? '', subjectId: '', page: 0, perPage: 0 }, system);
    expect([ofPale.count, ofPale.averageRating, ofPale.reviews.map((r) => [r.type, r.rating])]).toEqual([2, 4.5, [['ofProvider', 4], ['ofProvider', 5]]]);
    const ofRed = await h.client.queryReviews({ listingId: red ?? '', subjectId: '', page: 1, perPage: 10 }, system);
    expect([ofRed.count, ofRed.averageRating, ofRed.reviews.map((r) => r.content)]).toEqual([1, 5, ['Great.']]);
    const ofSupplier = await h.client.queryReviews({ listingId: '', subjectId: first.supplier.caller?.userId ?? '', page: 2, perPage: 1 }, system);
    expect([ofSupplier.count, ofSupplier.averageRating, ofSupplier.reviews.map((r) => r.rating), ofSupplier.pagination]).toEqual([2, 4.5, [5], { page: 2, perPage: 1, totalItems: 2, totalPages: 2 }]);
    const ofBuyer = await h.client.queryReviews({ listingId: '', subjectId: first.buyer.caller?.userId ?? '', page: 1, perPage: 10 }, system);
    expect([ofBuyer.count, ofBuyer.averageRating, ofBuyer.reviews.map((r) => [r.type, r.content])]).toEqual([1, 2, [['ofCustomer', 'Slow to pay.']]]);
    const none = await h.client.queryReviews({ listingId: randomUUID(), subjectId: '', page: 1, perPage: 10 }, system);
    expect([none.count, none.averageRating, none.reviews]).toEqual([0, 0, []]);
  }, 60_000);

  it('refuses a query without exactly one uuid filter', async () => {
    const h = harness();
    const ask = (listingId: string, subjectId: string) => h.client.queryReviews({ listingId, subjectId, page: 1, perPage: 10 }, system);
    expect((await expectAppError(ask('', ''), 'validation-invalid-params')).meta).toEqual({ fields: { subjectId: 'validation.oneOfListingOrSubject' } });
    expect((await expectAppError(ask(randomUUID(), randomUUID()), 'validation-invalid-params')).meta).toEqual({ fields: { listingId: 'validation.oneOfListingOrSubject' } });
    expect((await expectAppError(ask('not-a-uuid', ''), 'validation-invalid-params')).meta).toEqual({ fields: { listingId: 'validation.invalidValue' } });
    expect((await expectAppError(ask('', 'x'), 'validation-invalid-params')).meta).toEqual({ fields: { subjectId: 'validation.invalidValue' } });
  }, 30_000);
});
