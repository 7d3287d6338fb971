/**
 * Reviews and "Order again" through the gateway in the embedded mode: after receipt the buyer and
 * the supplier review each other once (the spec's already-reviewed codes), reviews are public with
 * their average on a listing and a user; reorder puts lines back in the cart and reports the rest;
 * the buyer keeps a standing order of it (create, list, pause, skip, delete).
 */
import { randomUUID } from 'node:crypto';
import { startApp, type TestApp } from '../support/app';
import { buyerWithAddress, supplierWithListings } from '../support/buying';
import { ApiSession } from '../support/http';
import type { CartView, CheckoutOutcomeView, OrderReviewsView, OrderView, PaymentMethodView, ReorderView, ReviewsPage, ReviewView, StandingOrderView } from '@caskade/gateway/contract';

interface ErrorBody {
  errors: Array<{ status: number; code: string; meta?: { fields?: Record<string, string> } }>;
}

let app: TestApp;
let buyer: ApiSession;
let supplier: ApiSession;
let listingIds: string[];
let order: OrderView;

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  app = await startApp();
  const tag = randomUUID().slice(0, 8);
  ({ session: supplier, listingIds } = await supplierWithListings(app.url, `reviews-${tag}@suppliers.example.com`, `Review Brewing ${tag}`, [20, 20]));
  const b = await buyerWithAddress(app.url, `reviews-${tag}@buyers.example.com`);
  buyer = b.session;
  // Beer is liquor: the buyer declares a licence first (ADR 042).
  expect((await buyer.put('/api/current-user/liquor-licence', { number: 'LIQO660012345', state: 'VIC' })).status).toBe(200);
  for (const listingId of listingIds) expect((await buyer.post('/api/cart', { listingId, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' })).status).toBe(201);
  const out = await buyer.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged-from-cart', { deliveryAddressId: b.addressId, paymentMethodId: 'pm_card_visa' }, { 'idempotency-key': randomUUID() });
  expect([out.status, JSON.stringify(out.body).slice(0, 300)]).toEqual([201, expect.any(String)]);
  const id = out.body.data.checkout?.orders[0]?.id ?? '';
  order = (await waitFor(() => buyer.get<{ data: OrderView }>(`/api/transactions/${id}`), (r) => r.body.data.state === 'purchased-multi-vendor')).body.data;
  expect(order.state).toBe('purchased-multi-vendor');
}, 400_000);
afterAll(async () => {
  await app?.stop();
});

const review = (s: ApiSession, body: unknown) => s.post<{ data: ReviewView } & Partial<ErrorBody>>(`/api/transactions/${order.id}/reviews`, body);

describe('reviews through the gateway', () => {
  it('opens at receipt: each side reviews the other once; the lists are public with the average', async () => {
    const early = await review(buyer, { rating: 5, content: 'Too soon' });
    expect([early.status, early.body.errors?.[0]?.code]).toEqual([409, 'transaction-invalid-transition']);
    const before = await buyer.get<{ data: OrderReviewsView }>(`/api/transactions/${order.id}/reviews`);
    expect(before.body.data).toEqual({ reviews: [], chance: 'closed', type: '' });

    const received = await buyer.post<{ data: OrderView }>(`/api/transactions/${order.id}/transition`, { transition: 'transition/multi-vendor-mark-received-from-purchased' });
    expect([received.status, received.body.data.state]).toEqual([200, 'received-multi-vendor']);
    expect((await buyer.get<{ data: OrderReviewsView }>(`/api/transactions/${order.id}/reviews`)).body.data).toEqual({ reviews: [], chance: 'write', type: 'ofProvider' });

    const bad = await review(buyer, { rating: 6, content: ' ' });
    expect([bad.status, bad.body.errors?.[0]?.meta?.fields]).toEqual([400, { rating: 'review.ratingRequired', content: 'review.contentRequired' }]);
    const long = await review(buyer, { rating: 4, content: 'x'.repeat(2001) });
    expect([long.status, long.body.errors?.[0]?.meta?.fields]).toEqual([400, { content: 'review.contentTooLong' }]);
    const extra = await review(buyer, { rating: 4, content: 'ok', subjectId: randomUUID() });
    expect(extra.status).toBe(400);
    const anonymous = await review(new ApiSession(app.url), { rating: 4, content: 'Who am I' });
    expect(anonymous.status).toBe(401);
    const stranger = (await buyerWithAddress(app.url, `stranger-${randomUUID().slice(0, 8)}@buyers.example.com`)).session;
    expect((await review(stranger, { rating: 1, content: 'Never bought' })).status).toBe(404);

    const byBuyer = await review(buyer, { rating: 5, content: 'Cold kegs, on time.' });
    expect([byBuyer.status, byBuyer.body.data.type, byBuyer.body.data.rating, byBuyer.body.data.content, byBuyer.body.data.subjectId]).toEqual([201, 'ofProvider', 5, 'Cold kegs, on time.', order.provider.id]);
    const again = await review(buyer, { rating: 1, content: 'Again' });
    expect([again.status, again.body.errors?.[0]?.code]).toEqual([409, 'transaction-already-reviewed-by-customer']);
    const bySupplier = await review(supplier, { rating: 4, content: 'Paid on the spot.' });
    expect([bySupplier.status, bySupplier.body.data.type, bySupplier.body.data.subjectId]).toEqual([201, 'ofCustomer', order.customer.id]);
    const supplierAgain = await review(supplier, { rating: 4, content: 'Again' });
    expect([supplierAgain.status, supplierAgain.body.errors?.[0]?.code]).toEqual([409, 'transaction-already-reviewed-by-provider']);
    const after = (await supplier.get<{ data: OrderReviewsView }>(`/api/transactions/${order.id}/reviews`)).body.data;
    expect([after.chance, after.type, after.reviews.map((r) => r.type).sort()]).toEqual(['sent', 'ofCustomer', ['ofCustomer', 'ofProvider']]);

    const visitor = new ApiSession(app.url);
    const ofListing = await visitor.get<{ data: ReviewsPage }>(`/api/reviews?listingId=${listingIds[1] ?? ''}`);
    expect([ofListing.status, ofListing.body.data.count, ofListing.body.data.averageRating, ofListing.body.data.reviews.map((r) => r.content)]).toEqual([200, 1, 5, ['Cold kegs, on time.']]);
    const ofBuyer = await visitor.get<{ data: ReviewsPage }>(`/api/reviews?subjectId=${order.customer.id}`);
    expect([ofBuyer.body.data.count, ofBuyer.body.data.averageRating, ofBuyer.body.data.reviews.map((r) => [r.type, r.author.id])]).toEqual([1, 4, [['ofCustomer', order.provider.id]]]);
    for (const query of ['', `?listingId=${randomUUID()}&subjectId=${randomUUID()}`, '?listingId=nope', '?page=0&subjectId=' + order.customer.id]) {
      const refused = await visitor.get<ErrorBody>(`/api/reviews${query}`);
      expect([query, refused.status, refused.body.errors[0]?.code]).toEqual([query, 400, 'validation-invalid-params']);
    }
  }, 120_000);
});

describe('order again through the gateway', () => {
  it('puts the lines back in the buyer’s cart, reports a listing gone, and is the buyer’s alone', async () => {
    const [kept, gone] = listingIds as [string, string];
    expect((await supplier.post(`/api/own-listings/${gone}/close`)).status).toBe(200);
    const out = await buyer.post<{ data: ReorderView }>(`/api/transactions/${order.id}/reorder`);
    expect(out.status).toBe(200);
    expect(out.body.data.added.map((a) => [a.listingId, a.quantity])).toEqual([[kept, 2]]);
    expect(out.body.data.failed.map((f) => [f.listingId, f.error])).toEqual([[gone, 'Listing info not found']]);
    const cart = (await buyer.get<{ data: CartView }>('/api/cart')).body.data;
    expect(cart.suppliers.flatMap((g) => g.entries.map((e) => [e.listingId, e.quantity]))).toEqual([[kept, 2]]);

    // Stock down to 3 with 2 already in the cart: 2 more is more than there is.
    expect((await supplier.put(`/api/own-listings/${kept}/stock`, { oldTotal: 18, newTotal: 3 })).status).toBe(200);
    const short = await buyer.post<{ data: ReorderView }>(`/api/transactions/${order.id}/reorder`);
    expect(short.body.data.failed.map((f) => [f.listingId, f.error])).toEqual([[kept, 'not-enough-quantity'], [gone, 'Listing info not found']]);
    expect((await supplier.post<ErrorBody>(`/api/transactions/${order.id}/reorder`)).status).toBe(403);
    expect((await new ApiSession(app.url).post(`/api/transactions/${order.id}/reorder`)).status).toBe(401);
  }, 120_000);
});

describe('standing orders through the gateway', () => {
  it('the buyer repeats the order on a saved card, pauses, skips and ends it; nobody else may', async () => {
    const saved = await buyer.post<{ data: PaymentMethodView }>('/api/payment-methods/attach', { paymentMethodId: 'pm_card_visa' });
    expect(saved.status).toBe(201);
    const bad = await buyer.post<ErrorBody>('/api/standing-orders', { orderId: order.id, intervalWeeks: 9, paymentMethodId: saved.body.data.id });
    expect([bad.status, bad.body.errors[0]?.meta?.fields]).toEqual([400, { intervalWeeks: 'standingOrder.intervalInvalid' }]);
    const created = await buyer.post<{ data: StandingOrderView }>('/api/standing-orders', { orderId: order.id, intervalWeeks: 2, paymentMethodId: saved.body.data.id });
    expect([created.status, created.body.data.intervalWeeks, created.body.data.paused, created.body.data.sourceOrderId, created.body.data.lastResult]).toEqual([201, 2, false, order.id, '']);
    const id = created.body.data.id;
    expect((await buyer.get<{ data: StandingOrderView[] }>('/api/standing-orders')).body.data.map((s) => s.id)).toEqual([id]);
    const paused = await buyer.put<{ data: StandingOrderView }>(`/api/standing-orders/${id}`, { paused: true });
    expect([paused.status, paused.body.data.paused]).toEqual([200, true]);
    const skipped = await buyer.put<{ data: StandingOrderView }>(`/api/standing-orders/${id}`, { skipNext: true, paused: false });
    expect(new Date(skipped.body.data.nextRunAt).getTime() - new Date(created.body.data.nextRunAt).getTime()).toBe(2 * 7 * 24 * 60 * 60 * 1000);
    expect((await buyer.put<ErrorBody>(`/api/standing-orders/${id}`, {})).status).toBe(400);
    expect((await supplier.get('/api/standing-orders')).status).toBe(403);
    expect((await supplier.put(`/api/standing-orders/${id}`, { paused: true })).status).toBe(403);
    expect((await new ApiSession(app.url).get('/api/standing-orders')).status).toBe(401);
    expect((await buyer.delete(`/api/standing-orders/${id}`)).status).toBe(204);
    expect((await buyer.delete(`/api/standing-orders/${id}`)).status).toBe(404);
    expect((await buyer.get<{ data: StandingOrderView[] }>('/api/standing-orders')).body.data).toEqual([]);
  }, 120_000);
});
