/**
 * Buying through the gateway in the embedded mode: cart across suppliers, line items, minimum
 * order, checkout with the sandbox's Stripe test payment methods (success, decline then retry,
 * authentication, bank transfer with the operator), idempotency keys, payment terms, one listing
 * bought now, and who may read what.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { startApp, type TestApp } from '../support/app';
import { buyerSignup } from '../support/accounts';
import { ApiSession, type ApiResponse } from '../support/http';
import type { CartView, CheckoutOutcomeView, CheckoutView, DeliveryAddressView, OrderView, OrdersPage } from '@caskade/gateway/contract';

interface ErrorBody {
  errors: Array<{ status: number; code: string; title: string; meta?: { fields?: Record<string, string>; checkoutId?: string; message?: string; supplierIds?: string[]; minimumOrderQuantity?: number; expectedPayinTotalCents?: number; payinTotalCents?: number } }>;
}
interface Listing {
  id: string;
  slug: string;
  author: { id: string; brandName: string };
  currentStock: { quantity: number };
  pricePackages: Array<{ priceCents: number }>;
}

const PASSWORD = 'Caskade-demo-2026';
let app: TestApp;
let buyer: ApiSession;
let supplier: ApiSession;
let rival: ApiSession;
let operator: ApiSession;
let png: Buffer;

async function login(email: string, password = PASSWORD): Promise<ApiSession> {
  const s = new ApiSession(app.url);
  const res = await s.post('/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return s;
}

async function newBuyer(email: string): Promise<{ session: ApiSession; addressId: string }> {
  const s = new ApiSession(app.url);
  expect((await s.post('/api/auth/sign-up', buyerSignup(email))).status).toBe(201);
  // Beer is liquor: only a buyer with a liquor licence on file may buy it (ADR 042).
  expect((await s.put('/api/current-user/liquor-licence', { number: '32012345', state: 'VIC' })).status).toBe(200);
  const address = await s.post<{ data: DeliveryAddressView }>('/api/delivery-addresses', {
    name: 'Collingwood Bottle Shop', street: '1 Smith St', city: 'Collingwood', state: 'VIC', postalCode: '3066', phone: '0412345678', email,
  });
  expect(address.status).toBe(201);
  return { session: s, addressId: address.body.data.id };
}

/** A published beer (keg + cans, pickup and shipping) with `stock` units, by `s`. */
async function listingOf(s: ApiSession, title: string, stock: number, category = 'beer'): Promise<Listing> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const up = await fetch(`${app.url}/api/images`, { method: 'POST', body: form, headers: { cookie: `caskade_at=${s.cookie('caskade_at') ?? ''}` } });
  expect(up.status).toBe(201);
  const imageId = ((await up.json()) as { data: { id: string } }).data.id;
  const wine = category === 'wine';
  const created = await s.post<{ data: Listing }>('/api/own-listings', {
    listingType: 'product', title, description: `${title}, for the trade.`, category, productType: wine ? 'red' : 'ale', style: wine ? 'shiraz' : 'ipa',
    attributes: wine ? { variety: 'Shiraz', region: 'Barossa', soilType: 'Loam', vintage: '2022', traditionalOwners: 'Peramangk' } : { alcoholicPercent: 6, colour: 'Gold', malts: 'Pale', hops: 'Galaxy', vegan: true },
    pricePackages: wine ? [{ packageType: 'bottle', size: 750, quantity: 6, priceCents: 12_000 }] : [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 25_000 }, { packageType: 'can', size: 375, quantity: 24, priceCents: 8_000 }],
    location: { address: 'Healesville VIC', state: 'VIC', postcode: '3777' }, pickupEnabled: true, shippingEnabled: true, imageIds: [imageId], stockQuantity: stock,
  });
  expect(created.status).toBe(201);
  const published = await s.post<{ data: Listing }>(`/api/own-listings/${created.body.data.id}/publish`);
  expect(published.status).toBe(200);
  return published.body.data;
}

const checkout = (s: ApiSession, body: Record<string, unknown>, key: string | null = randomUUID()): Promise<ApiResponse<{ data: CheckoutOutcomeView } & Partial<ErrorBody>>> =>
  s.request('POST', '/api/initiate-privileged-from-cart', body, key ? { 'idempotency-key': key } : {});

async function stockOf(id: string): Promise<number> {
  return (await new ApiSession(app.url).get<{ data: Listing }>(`/api/listings/${id}`)).body.data.currentStock.quantity;
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let yarraBeer: Listing;
let hopHillBeer: Listing;
let buyerAddress: string;

beforeAll(async () => {
  app = await startApp();
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b5651d' } }).png().toBuffer();
  [buyer, supplier, rival, operator] = await Promise.all([
    login('buyer@example.com'), login('supplier@example.com'), login('hop-hill-brewing@suppliers.example.com'), login('operator@example.com'),
  ]);
  yarraBeer = await listingOf(supplier, 'Checkout Test Lager', 40);
  hopHillBeer = await listingOf(rival, 'Hop Hill Test Pale', 40);
  buyerAddress = (await buyer.get<{ data: DeliveryAddressView[] }>('/api/delivery-addresses')).body.data[0]?.id ?? '';
  expect(buyerAddress).toMatch(/^[0-9a-f-]{36}$/);
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe('the cart through the gateway', () => {
  it('prices the order panel’s choice without writing anything: units, shipping, GST; the supplier’s fee stays on its side', async () => {
    const res = await new ApiSession(app.url).post<{ data: { lineItems: Array<{ code: string; lineTotalCents: number; includeFor: string[] }>; payinTotalCents: number; payoutTotalCents: number } }>(
      '/api/transaction-line-items', { listingId: yarraBeer.id, orderData: { packageIndex: 0, quantity: 2, deliveryMethod: 'shipping' } },
    );
    expect(res.status).toBe(200);
    const byCode = Object.fromEntries(res.body.data.lineItems.map((i) => [i.code, i.lineTotalCents]));
    expect(byCode).toEqual({ units: 50_000, 'shipping-fee': 180, gst: 5_018, 'provider-commission': -2_250, 'provider-commission-gst': -225 });
    expect(res.body.data.payinTotalCents).toBe(55_198);
    expect(res.body.data.payoutTotalCents).toBe(55_198 - 2_475);
    const bad = await new ApiSession(app.url).post<ErrorBody>('/api/transaction-line-items', { listingId: yarraBeer.id, orderData: { packageIndex: 0, quantity: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.meta?.fields).toEqual({ 'orderData.quantity': 'quantityLessThanZero' });
    // Refused by the service rather than the schema, a field keeps the body's path all the same.
    for (const orderData of [{ packageIndex: 0, quantity: 0 }, { packageIndex: 5, quantity: 1 }, { packageIndex: 0, quantity: 41 }].map((o) => ({ ...o, deliveryMethod: 'pickup' }))) {
      const refused = await new ApiSession(app.url).post<ErrorBody>('/api/transaction-line-items', { listingId: yarraBeer.id, orderData });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors[0]?.meta?.fields ?? {}).every((k) => k.startsWith('orderData.'))).toBe(true);
      expect(Object.keys(refused.body.errors[0]?.meta?.fields ?? {})).toHaveLength(1);
    }
  });

  it('a brand page refused for its collections or images leaves the trade terms sent with it unchanged', async () => {
    const terms = async () => (await new ApiSession(app.url).get<{ data: unknown }>(`/api/suppliers/${yarraBeer.author.id}/terms`)).body.data;
    const before = await terms();
    expect(before).toMatchObject({ minimumOrderQuantity: 2, paymentTerms: ['30_days', '60_days'] });
    for (const refused of [{ collections: ['A', 'B', 'C', 'D', 'E'] }, { collections: ['Core', 'Core'] }, { logoImageId: randomUUID() }]) {
      const res = await supplier.put<ErrorBody>('/api/own-brand', { minimumOrderQuantity: 50, paymentTerms: ['90_days'], ...refused });
      expect(res.status).toBe(400);
      expect(await terms()).toEqual(before);
    }
  });

  it('fills one cart from two suppliers; the same entry merges, nothing-changed answers cart_not_changed, minimum order blocks checkout', async () => {
    const added = await buyer.post<{ data: CartView }>('/api/cart', { listingId: yarraBeer.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    expect(added.status).toBe(201);
    await buyer.post('/api/cart', { listingId: hopHillBeer.id, packageIndex: 1, quantity: 3, deliveryMethod: 'shipping' });
    const cart = (await buyer.get<{ data: CartView }>('/api/cart')).body.data;
    expect(cart.suppliers.map((g) => g.supplierName).sort()).toEqual(['Hop Hill Brewing', 'Yarra Valley Brewing']);
    expect(cart.itemCount).toBe(4);
    const yarra = cart.suppliers.find((g) => g.supplierName === 'Yarra Valley Brewing');
    expect(yarra).toMatchObject({ minimumOrderQuantity: 2, totalQuantity: 1, minimumMet: false, paymentTermsOffered: ['30_days', '60_days'], paymentTerm: 'none' });
    expect(cart.canCheckOut).toBe(false);
    const entry = yarra?.entries[0]?.id ?? '';
    const same = await buyer.put<{ data: { code: string } }>('/api/cart', { entryId: entry, quantity: 1 });
    expect(same.body.data.code).toBe('cart_not_changed');
    // A quantity of 0 is not a quantity (removing is DELETE): refused, nothing changed.
    const zero = await buyer.put<ErrorBody>('/api/cart', { entryId: entry, quantity: 0 });
    expect([zero.status, zero.body.errors?.[0]?.meta?.fields]).toEqual([400, { quantity: 'quantityNotValid' }]);

    const blocked = await checkout(buyer, { deliveryAddressId: buyerAddress, paymentMethodId: 'pm_card_visa' });
    expect(blocked.status).toBe(400);
    expect(Object.values(blocked.body.errors?.[0]?.meta?.fields ?? {})).toEqual(['Minimum order not met']);
    // The supplier's minimum (Yarra Valley's 2 packages) rides along, for the page to say.
    expect(blocked.body.errors?.[0]?.meta?.minimumOrderQuantity).toBe(2);

    const over = await buyer.put<ErrorBody>('/api/cart', { entryId: entry, quantity: 41 });
    expect(over.status).toBe(400);
    expect(over.body.errors[0]?.meta?.fields).toEqual({ quantity: 'quantityOverMsg' });
    const more = await buyer.put<{ data: { code: string; cart: CartView } }>('/api/cart', { entryId: entry, quantity: 2 });
    expect(more.body.data.code).toBe('cart_updated');
    expect(more.body.data.cart.canCheckOut).toBe(true);
  });

  it('checks the two suppliers out in one payment: one order each, stock taken, the cart emptied, each supplier sees only its own', async () => {
    const before = [await stockOf(yarraBeer.id), await stockOf(hopHillBeer.id)];
    const preview = await checkout(buyer, { deliveryAddressId: buyerAddress, paymentMethodId: 'pm_card_visa', isSpeculative: true }, null);
    expect(preview.status).toBe(200);
    expect(preview.body.data.checkout).toBeNull();
    expect(preview.body.data.preview).toHaveLength(2);
    expect([await stockOf(yarraBeer.id), await stockOf(hopHillBeer.id)]).toEqual(before);

    const noPayment = await checkout(buyer, { deliveryAddressId: buyerAddress, isSpeculative: true }, null);
    expect(noPayment.status).toBe(200);
    expect(noPayment.body.data.preview.map((o) => o.provider.name).sort()).toEqual(['Hop Hill Brewing', 'Yarra Valley Brewing']);
    const noCity = await checkout(buyer, { deliveryAddressId: buyerAddress, paymentMethodId: 'pm_card_visa', billing: { addressLine1: '214 Brunswick St', postal: '3065', city: ' ', country: 'Australia' } });
    expect(noCity.status).toBe(400);
    expect(noCity.body.errors?.[0]?.meta?.fields).toEqual({ 'billing.city': 'cityRequired' });
    const shortKey = await checkout(buyer, { deliveryAddressId: buyerAddress, paymentMethodId: 'pm_card_visa' }, 'k1');
    expect(shortKey.body.errors?.[0]?.meta?.fields).toEqual({ idempotencyKey: 'validation.idempotencyKeyInvalid' });

    const billing = { addressLine1: '214 Brunswick St', postal: '3065', city: 'Fitzroy', country: 'Australia' };
    const res = await checkout(buyer, { deliveryAddressId: buyerAddress, paymentMethodId: 'pm_card_visa', billing });
    expect(res.status).toBe(201);
    const done = res.body.data.checkout as CheckoutView;
    expect(done.state).toBe('purchased');
    expect(done.billing).toEqual({ ...billing, addressLine2: '', state: '' });
    expect(done.orders.map((o) => o.state)).toEqual(['purchased-multi-vendor', 'purchased-multi-vendor']);
    expect(done.orders.map((o) => o.orderNumber).every((n) => /^CK-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(n))).toBe(true);
    expect(done.chargeNowCents).toBe(done.orders.reduce((s, o) => s + (o.priced?.payinTotalCents ?? 0), 0));
    expect([await stockOf(yarraBeer.id), await stockOf(hopHillBeer.id)]).toEqual([before[0]! - 2, before[1]! - 3]);
    // Emptied before the answer (ADR 074): the very next read holds nothing of what was bought.
    expect((await buyer.get<{ data: CartView }>('/api/cart')).body.data.entryCount).toBe(0);

    const yarraOrder = done.orders.find((o) => o.provider.name === 'Yarra Valley Brewing') as OrderView;
    const sales = await supplier.get<{ data: OrdersPage }>('/api/transactions/query?only=sale');
    expect(sales.body.data.orders.map((o) => o.id)).toContain(yarraOrder.id);
    expect(sales.body.data.orders.every((o) => o.provider.name === 'Yarra Valley Brewing')).toBe(true);
    const rivalSees = await rival.get(`/api/transactions/${yarraOrder.id}`);
    expect(rivalSees.status).toBe(404);
    const mine = await buyer.get<{ data: OrdersPage }>('/api/transactions/query?only=order');
    expect(mine.body.data.orders.map((o) => o.id)).toEqual(expect.arrayContaining(done.orders.map((o) => o.id)));
    const detail = await supplier.get<{ data: OrderView }>(`/api/transactions/${yarraOrder.id}`);
    expect(detail.body.data).toMatchObject({ viewerRole: 'provider', state: 'purchased-multi-vendor', allowedTransitions: ['transition/multi-vendor-mark-delivered'] });
    expect(detail.body.data.activity.map((a) => a.transition)).toEqual(['transition/multi-vendor-request-payment', 'transition/multi-vendor-confirm-payment']);
    const byNumber = await operator.get<{ data: OrdersPage }>(`/api/operator/transactions?search=${yarraOrder.orderNumber}`);
    expect(byNumber.body.data.orders.map((o) => o.id)).toEqual([yarraOrder.id]);
  });

  it('a checkout right after another buys only what was added since: the first one’s lines are gone from the cart when it answers (ADR 074)', async () => {
    const { session, addressId } = await newBuyer('quick@example.com');
    const add = () => session.post('/api/cart', { listingId: hopHillBeer.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    for (let round = 0; round < 5; round++) {
      expect((await add()).status).toBe(201);
      const res = await checkout(session, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' });
      expect(res.status).toBe(201);
      // Each checkout bought the one unit added just before it, never the previous round's again.
      expect(res.body.data.checkout?.orders.map((o) => o.lines.map((l) => l.quantity))).toEqual([[1]]);
    }
    // The events of those checkouts arrive later and take nothing more: what is added now stays.
    expect((await add()).status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect((await session.get<{ data: CartView }>('/api/cart')).body.data.suppliers.flatMap((g) => g.entries.map((e) => e.quantity))).toEqual([1]);
  });

  it('replays the first answer for the same Idempotency-Key (50 at once: one checkout, one charge) and refuses the key with another body', async () => {
    const { session, addressId } = await newBuyer('idem@example.com');
    await session.post('/api/cart', { listingId: hopHillBeer.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    const before = await stockOf(hopHillBeer.id);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => checkout(session, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' }, key)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(49).fill(200), 201].sort());
    const ids = new Set(answers.map((a) => a.body.data.checkout?.id));
    expect(ids.size).toBe(1);
    const strip = (a: (typeof answers)[number]) => ({ ...a.body.data, replayed: false });
    for (const a of answers) expect(strip(a)).toEqual(strip(answers[0]!));
    expect(await stockOf(hopHillBeer.id)).toBe(before - 1);
    const orders = await session.get<{ data: OrdersPage }>('/api/transactions/query?only=order');
    expect(orders.body.data.pagination.totalItems).toBe(1);
    const other = await checkout(session, { deliveryAddressId: addressId, bankTransfer: true }, key);
    expect(other.status).toBe(400);
    expect(other.body.errors?.[0]?.meta?.fields).toEqual({ idempotencyKey: 'validation.idempotencyKeyReused' });
    const noKey = await checkout(session, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors?.[0]?.meta?.fields).toEqual({ idempotencyKey: 'validation.idempotencyKeyRequired' });
  });

  it('a declined card answers 402 with the spec’s message and keeps the stock for a retry with another method', async () => {
    const { session, addressId } = await newBuyer('declined@example.com');
    await session.post('/api/cart', { listingId: hopHillBeer.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' });
    const before = await stockOf(hopHillBeer.id);
    const declined = await checkout(session, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_chargeDeclined' });
    expect(declined.status).toBe(402);
    const error = declined.body.errors?.[0];
    expect(error?.code).toBe('transaction-payment-failed');
    expect(error?.meta?.message).toBe('We cannot charge this payment. Please check your payment method or contact to bank about your issue. You can change payment method and pay now here.');
    const checkoutId = error?.meta?.checkoutId ?? '';
    expect(await stockOf(hopHillBeer.id)).toBe(before - 2);
    const pending = await session.get<{ data: CheckoutView }>(`/api/checkouts/${checkoutId}`);
    expect(pending.body.data).toMatchObject({ state: 'pending', paymentStatus: 'requires_payment_method' });
    const retried = await session.post<{ data: CheckoutView }>(`/api/checkouts/${checkoutId}/retry-payment`, { paymentMethodId: 'pm_card_visa' });
    expect(retried.status).toBe(200);
    expect(retried.body.data.state).toBe('purchased');
    expect(await stockOf(hopHillBeer.id)).toBe(before - 2);
    expect((await buyer.get(`/api/checkouts/${checkoutId}`)).status).toBe(404);
  });

  it('a card that needs authentication waits for the challenge, then purchases', async () => {
    const { session, addressId } = await newBuyer('threeds@example.com');
    await session.post('/api/cart', { listingId: hopHillBeer.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    const res = await checkout(session, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_authenticationRequired' });
    expect(res.status).toBe(201);
    const pending = res.body.data.checkout as CheckoutView;
    expect(pending).toMatchObject({ state: 'pending', paymentStatus: 'requires_action', nextActionUrl: `/payments/sandbox/challenge/${pending.id}` });
    // The operator confirms bank transfers only: a card waiting for its buyer offers cancel alone.
    const seen = await operator.get<{ data: OrderView }>(`/api/transactions/${pending.orders[0]?.id}`);
    expect(seen.body.data.allowedTransitions).toEqual(['transition/multi-vendor-operator-cancel-payment']);
    const confirm = await operator.post<ErrorBody>(`/api/transactions/${pending.orders[0]?.id}/transition`, { transition: 'transition/multi-vendor-operator-confirm-payment' });
    expect([confirm.status, confirm.body.errors[0]?.code]).toEqual([409, 'transaction-invalid-transition']);
    expect((await session.post(`/api/payments/sandbox/challenge/${pending.id}`, { authenticated: true })).status).toBe(200);
    const done = await waitFor(() => session.get<{ data: CheckoutView }>(`/api/checkouts/${pending.id}`), (r) => r.body.data.state === 'purchased');
    expect(done.body.data.orders.map((o) => o.state)).toEqual(['purchased-multi-vendor']);
  });

  it('bank transfer: the orders wait with Caskade’s bank details; only the operator confirms, or cancels and the stock comes back', async () => {
    const { session, addressId } = await newBuyer('transfer@example.com');
    await session.post('/api/cart', { listingId: hopHillBeer.id, packageIndex: 0, quantity: 3, deliveryMethod: 'pickup' });
    const before = await stockOf(hopHillBeer.id);
    const res = await checkout(session, { deliveryAddressId: addressId, bankTransfer: true });
    expect(res.status).toBe(201);
    const pending = res.body.data.checkout as CheckoutView;
    expect(pending.state).toBe('pending');
    expect(pending.bankTransfer).toMatchObject({ accountName: 'Caskade Marketplace Pty Ltd', amountCents: pending.chargeNowCents });
    expect(pending.bankTransfer?.reference).toMatch(/\S{6,}/);
    // The order waits for the transfer: its lines have left the cart, which offers no second checkout of them (ADR 070).
    const emptied = await waitFor(() => session.get<{ data: CartView }>('/api/cart'), (r) => r.body.data.entryCount === 0);
    expect(emptied.body.data.entryCount).toBe(0);
    const order = pending.orders[0] as OrderView;
    const waiting = await operator.get<{ data: OrdersPage }>('/api/operator/transactions?awaitingBankTransfer=true');
    expect(waiting.body.data.orders.map((o) => o.id)).toContain(order.id);
    const asOperator = await operator.get<{ data: OrderView }>(`/api/transactions/${order.id}`);
    expect(asOperator.body.data.allowedTransitions.sort()).toEqual(['transition/multi-vendor-operator-cancel-payment', 'transition/multi-vendor-operator-confirm-payment']);
    const byBuyer = await session.post<ErrorBody>(`/api/transactions/${order.id}/transition`, { transition: 'transition/multi-vendor-operator-confirm-payment' });
    expect(byBuyer.status).toBe(409);
    expect(byBuyer.body.errors[0]?.code).toBe('transaction-invalid-transition');
    const confirmed = await operator.post<{ data: OrderView }>(`/api/transactions/${order.id}/transition`, { transition: 'transition/multi-vendor-operator-confirm-payment' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.state).toBe('purchased-multi-vendor');
    expect(await stockOf(hopHillBeer.id)).toBe(before - 3);
    const again = await operator.post(`/api/transactions/${order.id}/transition`, { transition: 'transition/multi-vendor-operator-confirm-payment' });
    expect(again.status).toBe(409);

    await session.post('/api/cart', { listingId: hopHillBeer.id, packageIndex: 0, quantity: 4, deliveryMethod: 'pickup' });
    const second = (await checkout(session, { deliveryAddressId: addressId, bankTransfer: true })).body.data.checkout as CheckoutView;
    expect(await stockOf(hopHillBeer.id)).toBe(before - 7);
    const canceled = await operator.post<{ data: OrderView }>(`/api/transactions/${second.orders[0]?.id}/transition`, { transition: 'transition/multi-vendor-operator-cancel-payment' });
    expect(canceled.body.data.state).toBe('canceled-multi-vendor');
    expect(await stockOf(hopHillBeer.id)).toBe(before - 3);
  });

  it('a service (the demo’s canning hire) is bought in person: no delivery choice to make, no shipping fee', async () => {
    const { session, addressId } = await newBuyer('service@example.com');
    const found = await new ApiSession(app.url).get<{ data: { listings: Array<Listing & { listingType: string; pickupEnabled: boolean; shippingEnabled: boolean }> } }>('/api/listings?pub_services=canning&perPage=1');
    const service = found.body.data.listings[0];
    expect([service?.listingType, service?.pickupEnabled, service?.shippingEnabled]).toEqual(['service', false, false]);
    const added = await session.post<{ data: CartView }>('/api/cart', { listingId: service?.id, packageIndex: 0, quantity: 1 });
    expect(added.status).toBe(201);
    expect(added.body.data.suppliers[0]?.entries[0]?.deliveryMethod).toBe('pickup');
    const res = await checkout(session, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' });
    expect([res.status, res.body.data.checkout?.state]).toEqual([201, 'purchased']);
    const order = res.body.data.checkout?.orders[0];
    expect(order?.lines.map((l) => l.deliveryMethod)).toEqual(['pickup']);
    const codes = order?.priced?.lineItems.map((i) => i.code) ?? [];
    expect(codes).toContain('units');
    expect(codes).not.toContain('shipping-fee');
  });

  it('a payment term: the supplier’s order is purchased at once with its due date and nothing is charged now', async () => {
    const { session, addressId } = await newBuyer('terms@example.com');
    await session.post('/api/cart', { listingId: yarraBeer.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' });
    const cart = (await session.get<{ data: CartView }>('/api/cart')).body.data;
    const notOffered = await session.put<ErrorBody>('/api/cart/multi-vendor-payment-term', { supplierId: yarraBeer.author.id, paymentTerm: '90_days' });
    expect(notOffered.status).toBe(400);
    const set = await session.put<{ data: CartView }>('/api/cart/multi-vendor-payment-term', { supplierId: cart.suppliers[0]?.supplierId, paymentTerm: '30_days' });
    expect(set.body.data.suppliers[0]?.paymentTerm).toBe('30_days');
    const res = await checkout(session, { deliveryAddressId: addressId });
    expect(res.status).toBe(201);
    const done = res.body.data.checkout as CheckoutView;
    expect(done).toMatchObject({ state: 'purchased', chargeNowCents: 0, paymentStatus: 'none' });
    const order = done.orders[0] as OrderView;
    expect(order).toMatchObject({ processName: 'release-1', state: 'purchased-delayed-payment', paymentTerm: '30_days', paymentStatus: 'pending' });
    const due = new Date(order.paymentDueAt).getTime() - new Date(order.lastTransitionedAt).getTime();
    expect(due).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('buys one listing now (standard process), previewing first without writing', async () => {
    const { session, addressId } = await newBuyer('buynow@example.com');
    const body = { listingId: yarraBeer.id, orderData: { packageIndex: 1, quantity: 2, deliveryMethod: 'shipping' }, deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' };
    const before = await stockOf(yarraBeer.id);
    const preview = await session.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged', { ...body, isSpeculative: true });
    expect(preview.status).toBe(200);
    expect(preview.body.data.preview[0]?.priced?.lineItems.map((i) => i.code)).toEqual(['units', 'shipping-fee', 'gst', 'provider-commission', 'provider-commission-gst']);
    expect(await stockOf(yarraBeer.id)).toBe(before);
    const res = await session.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged', body, { 'idempotency-key': randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body.data.checkout?.orders.map((o) => [o.processName, o.state])).toEqual([['release-1', 'purchased']]);
    expect(await stockOf(yarraBeer.id)).toBe(before - 2);
  });

  it('a price changed after the buyer reviewed the total refuses the checkout (409 transaction-price-changed) and writes nothing; the new total then buys', async () => {
    const listing = await listingOf(rival, 'Repriced Red Ale', 10);
    const { session, addressId } = await newBuyer('repriced@example.com');
    expect((await session.post('/api/cart', { listingId: listing.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' })).status).toBe(201);
    const body = { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' };
    const reviewed = (await session.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged-from-cart', { ...body, isSpeculative: true })).body.data.preview[0]?.priced?.payinTotalCents ?? 0;
    // The supplier raises the keg from $250 to $300 meanwhile.
    const repriced = await rival.put<{ data: Listing }>(`/api/own-listings/${listing.id}`, {
      pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 30_000 }, { packageType: 'can', size: 375, quantity: 24, priceCents: 8_000 }],
    });
    expect(repriced.status).toBe(200);
    const refused = await checkout(session, { ...body, expectedPayinTotalCents: reviewed });
    const now = (await session.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged-from-cart', { ...body, isSpeculative: true })).body.data.preview[0]?.priced?.payinTotalCents ?? 0;
    expect(now).toBeGreaterThan(reviewed);
    expect([refused.status, refused.body.errors?.[0]?.code, refused.body.errors?.[0]?.meta]).toEqual([409, 'transaction-price-changed', { expectedPayinTotalCents: reviewed, payinTotalCents: now }]);
    // Nothing written: the stock, the cart and the buyer's orders as they were.
    expect(await stockOf(listing.id)).toBe(10);
    expect((await session.get<{ data: { itemCount: number } }>('/api/cart')).body.data.itemCount).toBe(1);
    expect((await session.get<{ data: { orders: unknown[] } }>('/api/transactions/query?only=order')).body.data.orders).toEqual([]);
    // A total that is not a positive whole number of cents is refused as such.
    const bad = await checkout(session, { ...body, expectedPayinTotalCents: 12.5 });
    expect([bad.status, bad.body.errors?.[0]?.meta?.fields]).toEqual([400, { expectedPayinTotalCents: 'validation.invalidValue' }]);
    const bought = await checkout(session, { ...body, expectedPayinTotalCents: now });
    expect([bought.status, bought.body.data.checkout?.state, bought.body.data.checkout?.payinTotalCents]).toEqual([201, 'purchased', now]);
  });

  it('refuses what a buyer may not do: more than the stock, suppliers, limited logins, anonymous callers, strangers’ checkouts', async () => {
    const small = await listingOf(rival, 'Three Left Stout', 3);
    const { session, addressId } = await newBuyer('greedy@example.com');
    const over = await session.post<ErrorBody>('/api/cart', { listingId: small.id, packageIndex: 0, quantity: 4, deliveryMethod: 'pickup' });
    expect(over.status).toBe(400);
    expect(over.body.errors[0]?.meta?.fields).toEqual({ quantity: 'quantityOverMsg' });
    const bySupplier = await supplier.post<ErrorBody>('/api/cart', { listingId: small.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    expect(bySupplier.status).toBe(403);
    const own = await rival.post<ErrorBody>('/api/cart', { listingId: small.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    expect(own.status).toBe(403);
    const limited = await login('limited@example.com');
    expect((await limited.post('/api/cart', { listingId: small.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' })).status).toBe(403);
    expect((await checkout(limited, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' })).status).toBe(403);
    // Nor may it change the account's payment methods (it may read them).
    expect((await limited.get('/api/payment-methods')).status).toBe(200);
    expect((await limited.post('/api/payment-methods/attach', { paymentMethodId: 'pm_card_visa' })).status).toBe(403);
    expect((await limited.post('/api/current-user/setup-intent', { paymentMethodType: 'card' })).status).toBe(403);
    const anon = new ApiSession(app.url);
    expect((await anon.get('/api/cart')).status).toBe(401);
    expect((await checkout(anon, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' })).status).toBe(401);
    expect((await buyer.get(`/api/delivery-addresses`)).body).toMatchObject({ data: [expect.objectContaining({ id: buyerAddress })] });
    expect((await session.put(`/api/delivery-addresses/${buyerAddress}`, { name: 'x', street: 'y', city: 'z', state: 'VIC', postalCode: '3000', phone: '0412345678', email: 'a@b.co' })).status).toBe(404);
    const empty = await checkout(session, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.meta?.fields).toEqual({ cart: 'Cart is empty' });
  });

  it('a stranger’s address is not found; a supplier without a payout account cannot be checked out', async () => {
    const { session } = await newBuyer('stranger@example.com');
    await session.post('/api/cart', { listingId: hopHillBeer.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    const res = await checkout(session, { deliveryAddressId: buyerAddress, paymentMethodId: 'pm_card_visa' });
    expect(res.status).toBe(404);

    const fresh = await login('newsupplier@example.com');
    const pendingId = (await listingOf(fresh, 'Awaiting Approval Ale', 10)).id;
    expect((await operator.post(`/api/operator/listings/${pendingId}/approve`)).status).toBe(200);
    const { session: other, addressId } = await newBuyer('nopayout@example.com');
    const added = await other.post('/api/cart', { listingId: pendingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    expect(added.status).toBe(201);
    // The cart says so before any checkout: the group is flagged and the cart cannot be checked out.
    const flagged = (await other.get<{ data: CartView }>('/api/cart')).body.data;
    expect([flagged.suppliers.map((g) => g.payoutAccountMissing), flagged.canCheckOut]).toEqual([[true], false]);
    // The checkout page's preview is refused alike (naming the supplier), before any payment is filled in.
    const preview = await checkout(other, { deliveryAddressId: addressId, isSpeculative: true }, null);
    expect([preview.status, preview.body.errors?.[0]?.code, preview.body.errors?.[0]?.meta]).toEqual([409, 'transaction-missing-stripe-account', { supplierIds: [flagged.suppliers[0]?.supplierId] }]);
    const refused = await checkout(other, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.[0]?.code).toBe('transaction-missing-stripe-account');
    expect((await fresh.post('/api/payout-account/sandbox')).status).toBe(201);
    // Set up: the next read of the cart lets it through.
    expect((await checkout(other, { deliveryAddressId: addressId, isSpeculative: true }, null)).status).toBe(200);
    const cleared = (await other.get<{ data: CartView }>('/api/cart')).body.data;
    expect([cleared.suppliers.map((g) => g.payoutAccountMissing), cleared.canCheckOut]).toEqual([[false], true]);
    const bought = await checkout(other, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' });
    expect(bought.status).toBe(201);
    expect(bought.body.data.checkout?.state).toBe('purchased');
  });

  it('12 buyers race for 5 units: exactly 5 orders, the rest insufficient stock, nothing left reserved', async () => {
    const scarce = await listingOf(rival, 'Five Units Saison', 5);
    const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => newBuyer(`racer${i}@example.com`)));
    for (const b of buyers) expect((await b.session.post('/api/cart', { listingId: scarce.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' })).status).toBe(201);
    const results = await Promise.all(buyers.map((b) => checkout(b.session, { deliveryAddressId: b.addressId, paymentMethodId: 'pm_card_visa' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.errors?.[0]?.code)).toEqual(Array(7).fill('transaction-listing-insufficient-stock'));
    expect(await stockOf(scarce.id)).toBe(0);
  });

  it('the webhook refuses an unsigned or badly signed body and writes nothing', async () => {
    const unsigned = await fetch(`${app.url}/api/payments/webhook`, { method: 'POST', body: '{"id":"evt_1"}', headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    const forged = await fetch(`${app.url}/api/payments/webhook`, { method: 'POST', body: '{"id":"evt_1"}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' } });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
  });
});

describe('orders after purchase through the gateway', () => {
  it('runs the process by role: delivered by the supplier, disputed with a reason, settled by the operator with a partial refund; strangers see nothing', async () => {
    const { session: b, addressId } = await newBuyer('after-purchase@example.com');
    const beer = await listingOf(rival, 'After Purchase Pale', 10);
    expect((await b.post('/api/cart', { listingId: beer.id, packageIndex: 0, quantity: 3, deliveryMethod: 'pickup' })).status).toBe(201);
    const bought = await checkout(b, { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' });
    expect(bought.status).toBe(201);
    const order = bought.body.data.checkout?.orders[0];
    const id = order?.id ?? '';
    expect([order?.state, await stockOf(beer.id)]).toEqual(['purchased-multi-vendor', 7]);
    const transition = (s: ApiSession, name: string, params: Record<string, unknown> = {}) =>
      s.post<{ data: OrderView } & Partial<ErrorBody>>(`/api/transactions/${id}/transition`, { transition: name, params });

    // Who may see and act: the buyer and the supplier (each their own buttons), the operator; not another buyer or supplier, not anonymous.
    const seen = async (s: ApiSession) => (await s.get<{ data: OrderView }>(`/api/transactions/${id}`));
    expect((await seen(b)).body.data.allowedTransitions.sort()).toEqual(['transition/multi-vendor-buyer-cancel', 'transition/multi-vendor-mark-received-from-purchased']);
    expect((await seen(rival)).body.data.allowedTransitions.sort()).toEqual(['transition/multi-vendor-mark-delivered']);
    expect((await seen(operator)).body.data.allowedTransitions.sort()).toEqual(['transition/multi-vendor-cancel', 'transition/multi-vendor-operator-mark-delivered']);
    expect((await seen(buyer)).status).toBe(404);
    expect((await seen(supplier)).status).toBe(404);
    expect((await seen(new ApiSession(app.url))).status).toBe(401);
    expect((await transition(buyer, 'transition/multi-vendor-buyer-cancel')).status).toBe(404);
    expect((await transition(supplier, 'transition/multi-vendor-mark-delivered')).status).toBe(404);
    expect((await transition(new ApiSession(app.url), 'transition/multi-vendor-mark-delivered')).status).toBe(401);
    // Not the buyer's to run, nor a state's that is not current.
    const wrong = await transition(b, 'transition/multi-vendor-mark-delivered');
    expect([wrong.status, wrong.body.errors?.[0]?.code]).toEqual([409, 'transaction-invalid-transition']);
    expect((await transition(b, 'transition/multi-vendor-auto-complete')).status).toBe(409);

    const delivered = await transition(rival, 'transition/multi-vendor-mark-delivered');
    expect([delivered.status, delivered.body.data.state]).toEqual([200, 'delivered-multi-vendor']);
    const noReason = await transition(b, 'transition/multi-vendor-dispute', { disputeReason: '   ' });
    expect([noReason.status, noReason.body.errors?.[0]?.meta?.fields]).toEqual([400, { disputeReason: 'validation.required' }]);
    const disputed = await transition(b, 'transition/multi-vendor-dispute', { disputeReason: 'One keg leaked' });
    expect([disputed.status, disputed.body.data.state, disputed.body.data.disputeReason]).toEqual([200, 'disputed-multi-vendor', 'One keg leaked']);
    expect((await seen(rival)).body.data.allowedTransitions.sort()).toEqual(['transition/multi-vendor-supplier-cancel-from-disputed', 'transition/multi-vendor-supplier-mark-received-from-disputed']);

    const settled = await transition(operator, 'transition/multi-vendor-cancel-from-disputed', { refundCents: 12_345 });
    expect([settled.status, settled.body.data.state, settled.body.data.payoutStatus]).toEqual([200, 'canceled-multi-vendor', 'paid']);
    const after = await waitFor(() => seen(b), (r) => r.body.data.refundedCents === 12_345);
    expect([after.body.data.refundedCents, after.body.data.paymentStatus, after.body.data.allowedTransitions]).toEqual([12_345, 'refunded', []]);
    expect(after.body.data.activity.map((a) => [a.transition.replace('transition/multi-vendor-', ''), a.actor])).toEqual([
      ['request-payment', 'customer'], ['confirm-payment', 'system'], ['mark-delivered', 'provider'], ['dispute', 'customer'], ['cancel-from-disputed', 'operator'],
    ]);
    // A partial refund leaves the goods with the buyer: the supplier is paid the rest, nothing is back on sale.
    expect(await stockOf(beer.id)).toBe(7);
    // The lists filter by a group of states across both processes.
    const sales = await rival.get<{ data: OrdersPage }>('/api/transactions/query?only=sale&state=canceled&search=' + encodeURIComponent(order?.orderNumber ?? ''));
    expect(sales.body.data.orders.map((o) => o.id)).toEqual([id]);
    const none = await rival.get<{ data: OrdersPage }>('/api/transactions/query?only=sale&state=delivered&search=' + encodeURIComponent(order?.orderNumber ?? ''));
    expect(none.body.data.orders).toEqual([]);
  });

  it('a page number is plain digits (not 0x10 or 1e1), and a checkout without its address names the field as required', async () => {
    const { session } = await newBuyer('paging@example.com');
    for (const q of ['page=0x10', 'page=1e1', 'perPage=1e1', 'page=%205', 'page=']) {
      const res = await session.get<ErrorBody>(`/api/transactions/query?only=order&${q}`);
      expect([q, res.status, res.body.errors[0]?.code]).toEqual([q, 400, 'validation-invalid-params']);
    }
    expect((await session.get<{ data: OrdersPage }>('/api/transactions/query?only=order&page=2&perPage=5')).status).toBe(200);
    const res = await session.request<ErrorBody>('POST', '/api/initiate-privileged-from-cart', { paymentMethodId: 'pm_card_visa' }, { 'idempotency-key': 'no-address-checkout-1' });
    expect([res.status, res.body.errors[0]?.meta?.fields]).toEqual([400, { deliveryAddressId: 'validation.required' }]);
  });
});
