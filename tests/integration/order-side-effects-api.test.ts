/**
 * An order's side effects outside the orders service, through the gateway in the embedded mode:
 * the catalog restocks a canceled order, notifications emails the buyer and the supplier on each
 * move (user text inert), and payments counts no payout for an order that did not complete.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { CheckoutOutcomeView, DeliveryAddressView, MailboxEmail, OrderView, PayoutTotalsView } from '@caskade/gateway/contract';
import { buyerSignup, DEMO_OPERATOR } from '../support/accounts';
import { startApp, type TestApp } from '../support/app';
import { ApiSession } from '../support/http';

const PASSWORD = 'Caskade-demo-2026';
const SUPPLIER_EMAIL = 'hop-hill-brewing@suppliers.example.com';
let app: TestApp;
let supplier: ApiSession;
let operator: ApiSession;
let png: Buffer;

async function login(email: string): Promise<ApiSession> {
  const s = new ApiSession(app.url);
  expect((await s.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return s;
}

async function stockOf(id: string): Promise<number> {
  return (await new ApiSession(app.url).get<{ data: { currentStock: { quantity: number } } }>(`/api/listings/${id}`)).body.data.currentStock.quantity;
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The emails of one order to one address, as the operator's mailbox shows them (waits for `count`). */
async function mailsOf(to: string, orderNumber: string, count: number): Promise<MailboxEmail[]> {
  const read = async () => (await operator.get<{ data: MailboxEmail[] }>(`/api/operator/mailbox?to=${encodeURIComponent(to)}&limit=200`)).body.data.filter((m) => m.subject.includes(orderNumber));
  return waitFor(read, (mails) => mails.length >= count);
}

/** A buyer who bought 2 units of a fresh listing of Hop Hill (10 in stock) by card: the order. */
async function purchase(email: string, title: string): Promise<{ buyer: ApiSession; order: OrderView; listingId: string }> {
  const buyer = new ApiSession(app.url);
  expect((await buyer.post('/api/auth/sign-up', buyerSignup(email))).status).toBe(201);
  // Beer is liquor: only a buyer with a liquor licence on file may buy it (ADR 042).
  expect((await buyer.put('/api/current-user/liquor-licence', { number: '32012345', state: 'VIC' })).status).toBe(200);
  const address = await buyer.post<{ data: DeliveryAddressView }>('/api/delivery-addresses', {
    name: 'Collingwood Bottle Shop', street: '1 Smith St', city: 'Collingwood', state: 'VIC', postalCode: '3066', phone: '0412345678', email,
  });
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const up = await fetch(`${app.url}/api/images`, { method: 'POST', body: form, headers: { cookie: `caskade_at=${supplier.cookie('caskade_at') ?? ''}` } });
  const imageId = ((await up.json()) as { data: { id: string } }).data.id;
  const created = await supplier.post<{ data: { id: string } }>('/api/own-listings', {
    listingType: 'product', title, description: `${title}, for the trade.`, category: 'beer', productType: 'ale', style: 'ipa',
    attributes: { alcoholicPercent: 6, colour: 'Gold', malts: 'Pale', hops: 'Galaxy', vegan: true },
    pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 25_000 }],
    location: { address: 'Healesville VIC', state: 'VIC', postcode: '3777' }, pickupEnabled: true, shippingEnabled: true, imageIds: [imageId], stockQuantity: 10,
  });
  expect((await supplier.post(`/api/own-listings/${created.body.data.id}/publish`)).status).toBe(200);
  expect((await buyer.post('/api/cart', { listingId: created.body.data.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' })).status).toBe(201);
  const bought = await buyer.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged-from-cart', { deliveryAddressId: address.body.data.id, paymentMethodId: 'pm_card_visa' }, { 'idempotency-key': randomUUID() });
  expect(bought.status).toBe(201);
  const order = bought.body.data.checkout?.orders[0];
  if (!order) throw new Error('the checkout answered no order');
  expect(await stockOf(created.body.data.id)).toBe(8);
  return { buyer, order, listingId: created.body.data.id };
}

const run = (s: ApiSession, order: OrderView, name: string, params: Record<string, unknown> = {}) =>
  s.post<{ data: OrderView }>(`/api/transactions/${order.id}/transition`, { transition: name, params });
/** The process's name of a transition: a one-supplier cart runs the multi-vendor process. */
const named = (order: OrderView, transition: string) => (order.processName === 'multi-vendor' ? `transition/multi-vendor-${transition}` : transition);

beforeAll(async () => {
  app = await startApp();
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b5651d' } }).png().toBuffer();
  [supplier, operator] = await Promise.all([login(SUPPLIER_EMAIL), login(DEMO_OPERATOR.email)]);
}, 300_000);
afterAll(async () => {
  await app?.stop();
});

describe('an order’s side effects in the catalog, payments and notifications', () => {
  it('a cancel after purchase: the stock comes back, both parties are emailed with the refund, no payout is counted', async () => {
    const totals = async () => (await supplier.get<{ data: PayoutTotalsView }>('/api/payout-account/totals')).body.data;
    const before = await totals();
    const { buyer, order, listingId } = await purchase('side-effects-cancel@example.com', 'Side Effects Saison');
    const [newOrder] = await mailsOf(SUPPLIER_EMAIL, order.orderNumber, 1);
    expect([newOrder?.kind, newOrder?.text]).toEqual(['newOrder', expect.stringContaining(`${app.url}/sales/${order.id}`)]);

    const canceled = await run(buyer, order, named(order, 'buyer-cancel'));
    expect(canceled.status).toBe(200);
    expect(await waitFor(() => stockOf(listingId), (n) => n === 10)).toBe(10);
    const refund = (order.priced?.payinTotalCents ?? 0) / 100;
    const dollars = `$${refund.toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
    const [toBuyer] = await mailsOf('side-effects-cancel@example.com', order.orderNumber, 1);
    expect([toBuyer?.kind, toBuyer?.text]).toEqual(['orderCancelled', expect.stringContaining(`A refund of ${dollars} goes back to your payment method.`)]);
    expect(toBuyer?.text).toContain(`${app.url}/orders/${order.id}`);
    const toSupplier = await mailsOf(SUPPLIER_EMAIL, order.orderNumber, 2);
    expect(toSupplier.map((m) => m.kind).sort()).toEqual(['newOrder', 'orderCancelled']);
    expect(await totals()).toEqual(before);
    const forbidden = await (await login('buyer@example.com')).get('/api/payout-account/totals');
    expect(forbidden.status).toBe(403);
  }, 60_000);

  it('a dispute: the supplier is emailed the buyer’s reason as inert text; the buyer hears of delivery and of the settlement', async () => {
    const { buyer, order } = await purchase('side-effects-dispute@example.com', 'Side Effects Stout');
    expect((await run(supplier, order, named(order, 'mark-delivered'))).status).toBe(200);
    const [delivered] = await mailsOf('side-effects-dispute@example.com', order.orderNumber, 1);
    expect(delivered?.kind).toBe('orderDelivered');
    const reason = 'One keg leaked <script>alert("x")</script>';
    expect((await run(buyer, order, named(order, 'dispute'), { disputeReason: reason })).status).toBe(200);
    const disputed = (await mailsOf(SUPPLIER_EMAIL, order.orderNumber, 2)).find((m) => m.kind === 'orderDisputed');
    expect(disputed?.text).toContain(`> ${reason}`);
    expect(disputed?.html).not.toContain('<script');
    expect(disputed?.html).toContain('One keg leaked &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect((await run(supplier, order, named(order, 'supplier-mark-received-from-disputed'))).status).toBe(200);
    const toBuyer = await mailsOf('side-effects-dispute@example.com', order.orderNumber, 2);
    expect(toBuyer.map((m) => m.kind).sort()).toEqual(['orderDelivered', 'orderReceivedFromDisputed']);
  }, 60_000);
});
