/**
 * "Pay now" after a failed term charge, in the browser: a new buyer (signed up through the API, a
 * liquor licence and a delivery address on file, no saved payment method) buys on a 30-day term from
 * a supplier set up as the demo's Yarra Valley Brewing is (minimum order 2, 30/60-day terms; signed
 * up through the API, as the app runs unseeded: seeding the demo catalogue costs minutes). The due date
 * is brought forward honestly: the order's `term-charge` row in the orders schema is set due now
 * and the orders service's own timer poll (1 s) fires it; with no saved method the charge fails.
 * The order page then says so with the spec's message (ORDER_MSG.paymentFailed) and offers Pay now;
 * the buyer saves the sandbox card that asks for 3-D Secure (4000 0025 0000 3155) on
 * /account/payment-methods, pays now, completes the bank's challenge and is brought back to the
 * order, paid.
 * Screenshots land in /tmp/shots (pay-now-*).
 */
import type { Page } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { ORDER_MSG } from '@caskade/orders/domain';
import { chromiumGate, useBrowserApp, webBuildGate } from '../support/browser';
import { buyerWithAddress, supplierWithListings } from '../support/buying';
import { ApiSession } from '../support/http';

const TIMEOUT = 900_000;
const SUPPLIER = 'pay-now-supplier@example.com';
const BUYER = 'pay-now-buyer@example.com';
const BUYER_PASSWORD = 'correct horse battery';

interface ApiOrder {
  id: string;
  orderNumber: string;
  state: string;
  paymentTerm: string;
  paymentStatus: string;
  allowedTransitions: string[];
}

describeWithServices('browser: pay now after a failed term charge', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'pay-now-', app: async () => ({ seed: false }) });

  /** A supplier with a sandbox payout account, one keg listing, a minimum order of 2 and 30/60-day terms. */
  async function termsSupplierListing(): Promise<string> {
    const { session, listingIds } = await supplierWithListings(fx.app.url, SUPPLIER, 'Termsfield', [20]);
    const terms = await session.put('/api/own-brand', { minimumOrderQuantity: 2, paymentTerms: ['30_days', '60_days'] });
    expect(terms.status).toBe(200);
    return listingIds[0] ?? '';
  }

  async function order(buyer: ApiSession, id: string): Promise<ApiOrder> {
    const res = await buyer.get<{ data: ApiOrder }>(`/api/transactions/${id}`);
    expect(res.status).toBe(200);
    return res.body.data;
  }

  async function logIn(page: Page): Promise<void> {
    const res = await page.request.post(`${fx.app.url}/api/auth/login`, { headers: { Origin: fx.app.url }, data: { email: BUYER, password: BUYER_PASSWORD } });
    expect(res.status()).toBe(200);
  }

  test('a failed 30-day term charge is paid now with a newly saved card that asks for its bank’s challenge', async () => {
    const { url } = fx.app;
    const { session: buyer, addressId } = await buyerWithAddress(url, BUYER);
    expect((await buyer.get<{ data: unknown[] }>('/api/payment-methods')).body.data).toEqual([]);

    // Two kegs (the minimum order) on a 30-day term: purchased at once, nothing charged now.
    const listingId = await termsSupplierListing();
    expect((await buyer.post('/api/cart', { listingId, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' })).status).toBe(201);
    const cart = await buyer.get<{ data: { suppliers: { supplierId: string; paymentTermsOffered: string[] }[] } }>('/api/cart');
    const [group] = cart.body.data.suppliers;
    expect(group?.paymentTermsOffered).toEqual(expect.arrayContaining(['30_days', '60_days']));
    expect((await buyer.put('/api/cart/multi-vendor-payment-term', { supplierId: group?.supplierId, paymentTerm: '30_days' })).status).toBe(200);
    const bought = await buyer.request<{ data: { checkout: { state: string; chargeNowCents: number; orders: ApiOrder[] } } }>(
      'POST',
      '/api/initiate-privileged-from-cart',
      { deliveryAddressId: addressId },
      { 'Idempotency-Key': 'pay-now-term-checkout' },
    );
    expect(bought.status).toBe(201);
    const checkout = bought.body.data.checkout;
    expect([checkout.state, checkout.chargeNowCents, checkout.orders.length]).toEqual(['purchased', 0, 1]);
    const orderId = checkout.orders[0]?.id ?? '';
    const before = await order(buyer, orderId);
    expect([before.paymentTerm, before.paymentStatus]).toEqual(['30_days', 'pending']);

    // The due date, reached without waiting 30 days: the order's term-charge timer is due now.
    const moved = await fx.app.orders.db
      .updateTable('order_timers')
      .set({ due_at: new Date() })
      .where('kind', '=', 'term-charge')
      .where('subject_id', '=', orderId)
      .where('fired_at', 'is', null)
      .executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
    const deadline = Date.now() + 20_000;
    let failed = before;
    while (failed.paymentStatus !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      failed = await order(buyer, orderId);
    }
    expect([failed.paymentStatus, failed.allowedTransitions.includes('pay-now')]).toEqual(['failed', true]);

    const page = await fx.newPage();
    await logIn(page);
    await page.goto(`/orders/${orderId}`);
    await page.getByText(ORDER_MSG.paymentFailed).waitFor();
    await page.getByText('Auto-charge failed').waitFor();
    await fx.shot(page, 'failed');

    // No saved method: Pay now points to the payment methods page.
    await page.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Add a payment method first' }).click();
    await page.waitForURL('**/account/payment-methods');
    await page.getByLabel('Card number').fill('4000 0025 0000 3155');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Card saved.').waitFor();
    const saved = (await buyer.get<{ data: { id: string; last4: string; isDefault: boolean }[] }>('/api/payment-methods')).body.data;
    expect(saved.map((m) => [m.last4, m.isDefault])).toEqual([['3155', true]]);

    await page.goto(`/orders/${orderId}`);
    await page.getByRole('button', { name: 'Pay now' }).click();
    expect(await dialog.getByLabel('Pay with').inputValue()).toBe(saved[0]?.id);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    // The card asks for its bank's check: the challenge opens, and completing it comes back to the order.
    await page.waitForURL(`**/payments/sandbox/challenge/${orderId}`);
    await fx.shot(page, 'challenge');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(`**/orders/${orderId}`);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await fx.shot(page, 'paid');
    expect(await page.getByText(ORDER_MSG.paymentFailed).count()).toBe(0);

    const paid = await order(buyer, orderId);
    expect([paid.paymentStatus, paid.allowedTransitions.includes('pay-now')]).toEqual(['paid', false]);
  }, TIMEOUT);

  test('a term checkout in the browser says which method its due date charges, and the due date charges the card chosen there, not the default', async () => {
    const { session: buyer } = await buyerWithAddress(fx.app.url, 'term-choice-buyer@example.com');
    // A default card that would pay; the buyer picks another at checkout.
    const visa = await buyer.post<{ data: { isDefault: boolean } }>('/api/payment-methods/attach', { paymentMethodId: 'pm_card_visa' });
    expect([visa.status, visa.body.data.isDefault]).toEqual([201, true]);
    const { session: supplier, listingIds } = await supplierWithListings(fx.app.url, 'term-choice-supplier@example.com', 'Termsbury', [20]);
    const listingId = listingIds[0] ?? '';
    expect((await supplier.put('/api/own-brand', { minimumOrderQuantity: 1, paymentTerms: ['30_days'] })).status).toBe(200);
    expect((await buyer.post('/api/cart', { listingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' })).status).toBe(201);
    const group = (await buyer.get<{ data: { suppliers: { supplierId: string }[] } }>('/api/cart')).body.data.suppliers[0];
    expect((await buyer.put('/api/cart/multi-vendor-payment-term', { supplierId: group?.supplierId, paymentTerm: '30_days' })).status).toBe(200);

    const page = await fx.newPage();
    const login = await page.request.post(`${fx.app.url}/api/auth/login`, { headers: { Origin: fx.app.url }, data: { email: 'term-choice-buyer@example.com', password: BUYER_PASSWORD } });
    expect(login.status()).toBe(200);
    await page.goto('/checkout-multi-suppliers');
    const note = page.getByTestId('term-charge-note');
    expect(await note.textContent()).toBe('Orders on payment terms are charged to this payment method on their due date.');
    await page.getByRole('radio', { name: 'Bank transfer' }).check();
    expect(await note.textContent()).toBe('Orders on payment terms are charged to your default saved payment method on their due date.');
    // A new card with no funds: saved at checkout and chosen for the due date.
    await page.getByRole('radio', { name: 'New card' }).check();
    await page.getByLabel('Card number').fill('4000 0000 0000 9995');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Fill in from the delivery address' }).click();
    await fx.shot(page, 'term-checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout-complete\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    const mine = (await buyer.get<{ data: { orders: ApiOrder[] } }>('/api/transactions/query?only=order')).body.data.orders;
    const orderId = mine[0]?.id ?? '';
    expect([mine.length, mine[0]?.paymentStatus]).toEqual([1, 'pending']);

    const moved = await fx.app.orders.db.updateTable('order_timers').set({ due_at: new Date() }).where('kind', '=', 'term-charge').where('subject_id', '=', orderId).where('fired_at', 'is', null).executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
    const deadline = Date.now() + 20_000;
    let charged = await order(buyer, orderId);
    while (charged.paymentStatus === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      charged = await order(buyer, orderId);
    }
    // The card chosen has no funds: the charge fails (the default Visa would have paid it).
    expect(charged.paymentStatus).toBe('failed');
  }, TIMEOUT);

  test('a price raised while the buyer is on checkout: Pay is refused with the reason, the summary shows the new total, and paying again buys at it', async () => {
    const { session: buyer } = await buyerWithAddress(fx.app.url, 'repriced-buyer@example.com');
    const { session: supplier, listingIds } = await supplierWithListings(fx.app.url, 'repriced-supplier@example.com', 'Repricewood', [20]);
    const listingId = listingIds[0] ?? '';
    expect((await buyer.post('/api/cart', { listingId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' })).status).toBe(201);
    const page = await fx.newPage();
    const login = await page.request.post(`${fx.app.url}/api/auth/login`, { headers: { Origin: fx.app.url }, data: { email: 'repriced-buyer@example.com', password: BUYER_PASSWORD } });
    expect(login.status()).toBe(200);
    await page.goto('/checkout-multi-suppliers');
    // A $200 keg: $200 + GST = $220.00.
    const dueNow = page.getByTestId('due-now');
    await dueNow.getByText('$220.00').waitFor();
    await page.getByRole('button', { name: 'Fill in from the delivery address' }).click();
    await page.getByRole('radio', { name: 'New card' }).check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    // The supplier raises the keg to $250 while the buyer fills the form in.
    const repriced = await supplier.put(`/api/own-listings/${listingId}`, { pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 25_000 }] });
    expect(repriced.status).toBe(200);
    await page.getByRole('button', { name: 'Pay $220.00' }).click();
    await page.getByText('A price changed since you opened checkout, so the total is different. Check the new total and pay again.').waitFor();
    await dueNow.getByText('$275.00').waitFor();
    await fx.shot(page, 'price-changed');
    expect((await buyer.get<{ data: { orders: unknown[] } }>('/api/transactions/query?only=order')).body.data.orders).toEqual([]);
    await page.getByRole('button', { name: 'Pay $275.00' }).click();
    await page.waitForURL(/\/checkout-complete\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    const mine = (await buyer.get<{ data: { orders: { priced: { payinTotalCents: number }; state: string }[] } }>('/api/transactions/query?only=order')).body.data.orders;
    expect(mine.map((o) => [o.state, o.priced.payinTotalCents])).toEqual([['purchased-multi-vendor', 27_500]]);
  }, TIMEOUT);
});
