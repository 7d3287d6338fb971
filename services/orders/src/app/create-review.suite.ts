/**
 * Reviews on the real services: after receipt each side reviews the other once (the unique
 * (order, type) decides a race), through completion until expire-review-period; never before
 * receipt, never by anyone else; bad input answers the form's message keys.
 */
import { randomUUID } from 'node:crypto';
import { expectAppError } from '@caskade/kit/testing';
import { REVIEW_MSG } from '../domain/reviews';
import { ctxOf, describeOrders } from '../testing/harness';
import { moveTo, paidOrder } from '../testing/orders-fixtures';

describeOrders('create review', (harness, { test: it }) => {
  it('the buyer reviews the supplier and the supplier the buyer, each once, from receipt', async () => {
    const h = harness();
    const { order, buyer, supplier } = await paidOrder(h, [{ title: 'Review Pale', stock: 10, quantity: 2 }]);
    const review = (ctx = buyer, rating = 5, content = 'Fresh kegs, on time.') => h.client.createReview({ orderId: order.id, rating, content }, ctx);
    await expectAppError(review(), 'transaction-invalid-transition');
    expect((await h.client.getOrderReviews({ orderId: order.id }, buyer))).toEqual({ reviews: [], chance: 'closed', type: '' });

    await moveTo(h, order.id, 'transition/multi-vendor-mark-received-from-purchased', 'received-multi-vendor');
    expect((await h.client.getOrderReviews({ orderId: order.id }, buyer))).toEqual({ reviews: [], chance: 'write', type: 'ofProvider' });
    const bad = await expectAppError(review(buyer, 0, '  '), 'validation-invalid-params');
    expect(bad.meta).toEqual({ fields: { rating: REVIEW_MSG.ratingRequired, content: REVIEW_MSG.contentRequired } });
    await expectAppError(review(buyer, 4, 'x'.repeat(2001)), 'validation-invalid-params');
    await expectAppError(review(ctxOf(randomUUID(), 'operator')), 'forbidden');
    await expectAppError(review(ctxOf(randomUUID(), 'buyer')), 'not-found');

    const byBuyer = (await review(buyer, 5, '  Fresh kegs, on time.  ')).review;
    const supplierId = supplier.caller?.userId ?? '';
    const buyerId = buyer.caller?.userId ?? '';
    expect([byBuyer?.type, byBuyer?.rating, byBuyer?.content, byBuyer?.author?.id, byBuyer?.subjectId, byBuyer?.state, byBuyer?.orderId]).toEqual([
      'ofProvider', 5, 'Fresh kegs, on time.', buyerId, supplierId, 'public', order.id,
    ]);
    await expectAppError(review(buyer, 1, 'Changed my mind'), 'transaction-already-reviewed-by-customer');
    h.clock.now += 1000;
    const bySupplier = (await review(supplier, 4, 'Paid promptly.')).review;
    expect([bySupplier?.type, bySupplier?.author?.id, bySupplier?.subjectId]).toEqual(['ofCustomer', supplierId, buyerId]);
    await expectAppError(review(supplier, 4, 'Again'), 'transaction-already-reviewed-by-provider');

    const seen = await h.client.getOrderReviews({ orderId: order.id }, supplier);
    expect([seen.chance, seen.type, seen.reviews.map((r) => [r.type, r.rating])]).toEqual(['sent', 'ofCustomer', [['ofProvider', 5], ['ofCustomer', 4]]]);
  }, 60_000);

  it('two reviews of the same side racing: one is written, the other gets the already-reviewed code', async () => {
    const h = harness();
    const { order, buyer } = await paidOrder(h, [{ title: 'Race Lager', stock: 10, quantity: 1 }]);
    await moveTo(h, order.id, 'transition/multi-vendor-mark-received-from-purchased', 'received-multi-vendor');
    const results = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => h.client.createReview({ orderId: order.id, rating: i + 1, content: `Attempt ${i}` }, buyer)));
    const codes = results.map((r) => (r.status === 'fulfilled' ? 'written' : (r.reason as { code?: string }).code)).sort();
    expect(codes).toEqual(['transaction-already-reviewed-by-customer', 'transaction-already-reviewed-by-customer', 'transaction-already-reviewed-by-customer', 'written']);
    const stored = await h.orders.deps.db.selectFrom('reviews').select('type').where('order_id', '=', order.id).execute();
    expect(stored).toEqual([{ type: 'ofProvider' }]);
  }, 60_000);

  it('stays open when the order completes and closes when the review period expires', async () => {
    const h = harness();
    const { order, buyer, supplier } = await paidOrder(h, [{ title: 'Late Stout', stock: 10, quantity: 1 }]);
    await moveTo(h, order.id, 'transition/multi-vendor-mark-received-from-purchased', 'received-multi-vendor');
    await moveTo(h, order.id, 'transition/multi-vendor-auto-complete', 'completed-multi-vendor');
    const written = await h.client.createReview({ orderId: order.id, rating: 3, content: 'Fine.' }, buyer);
    expect(written.review?.rating).toBe(3);
    await moveTo(h, order.id, 'transition/multi-vendor-expire-review-period', 'completed-multi-vendor');
    await expectAppError(h.client.createReview({ orderId: order.id, rating: 4, content: 'Too late.' }, supplier), 'transaction-invalid-transition');
    expect((await h.client.getOrderReviews({ orderId: order.id }, supplier)).chance).toBe('closed');
    expect((await h.client.getOrderReviews({ orderId: order.id }, buyer)).chance).toBe('sent');
  }, 60_000);
});
