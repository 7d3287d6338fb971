/**
 * Orders after purchase in the browser, on one embedded app (demo data): the demo buyer checks out
 * one cart from two suppliers (Yarra Valley Brewing and Hop Hill Brewing) with the sandbox card,
 * through the API. Supplier A marks its order delivered on /sale/{id} and the buyer confirms receipt
 * on /order/{id} (a racing transition answered 409 first says the spec's message in the popup); then
 * each reviews the other once (stars and a message) and sees the other's review.
 * Supplier B marks its order delivered on /sales/{id}; the buyer disputes it on /orders/{id} (the
 * reason is required) and finds it under "Disputed" in the inbox; the operator settles the dispute
 * on /operator/orders with a partial refund; the buyer sees it cancelled with the amount refunded
 * and the whole activity. Every button is one of the order's `allowedTransitions`, worded by name.
 * Screenshots land in /tmp/shots (after-purchase-*).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { axeSeriousViolations, chromiumGate, DEMO_PASSWORD, useBrowserApp, webBuildGate } from '../support/browser';
import { ApiSession } from '../support/http';

const TIMEOUT = 600_000;
const BUYER = 'buyer@example.com';
const SUPPLIER_A = 'supplier@example.com';
const SUPPLIER_B = 'hop-hill-brewing@suppliers.example.com';
const OPERATOR = 'operator@example.com';
const DISPUTE_REASON = 'Two of the kegs arrived <b>flat</b> & one was dented.';
const REVIEWS = { byBuyer: 'Cold, fresh and on time. Will order again.', bySupplier: 'Prompt to confirm and easy to deal with.' };
/** The operator refunds $12.50 of supplier B's order. */
const PARTIAL_REFUND = { typed: '12.50', cents: 1250 };

/** The en-AU wording the user must see (web/src/i18n/ordersMessages.ts; the spec's messages). */
const SAYS = {
  pendingTransit: 'A pending transit already in progress',
  checkoutEnded: 'This order’s payment has already ended',
  disputeReasonRequired: 'Tell the supplier what went wrong.',
  refundAmountTooHigh: 'Enter an amount up to',
};

const money = (cents: number) => new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);

interface ApiOrder {
  id: string;
  orderNumber: string;
  state: string;
  provider: { name: string };
  priced: { payinTotalCents: number; payoutTotalCents: number };
  allowedTransitions: string[];
  refundedCents: number;
}

describeWithServices('browser: orders after purchase', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'after-purchase-', bypassCSP: true });
  const { newPage, shot } = fx;
  let orders: { a: ApiOrder; b: ApiOrder } | undefined;

  async function session(email: string): Promise<ApiSession> {
    const s = new ApiSession(fx.app.url, { origin: fx.app.url });
    expect([email, (await s.post('/api/auth/login', { email, password: DEMO_PASSWORD })).status]).toEqual([email, 200]);
    return s;
  }

  /** Logs in through the API of the page's origin (the page then holds the session). */
  async function logIn(page: Page, email: string): Promise<void> {
    const res = await page.request.post(`${fx.app.url}/api/auth/login`, { headers: { Origin: fx.app.url }, data: { email, password: DEMO_PASSWORD } });
    expect([email, res.status()]).toEqual([email, 200]);
  }

  /** A published listing of the supplier that can be picked up, with stock to spare. */
  async function pickupListing(email: string): Promise<string> {
    const supplier = await session(email);
    const own = await supplier.get<{ data: { listings: { id: string; state: string; pickupEnabled: boolean; pricePackages: unknown[]; currentStock: { quantity: number } }[] } }>(
      '/api/own-listings?perPage=50',
    );
    const listing = own.body.data.listings.find((l) => l.state === 'published' && l.pickupEnabled && l.pricePackages.length > 0 && l.currentStock.quantity >= 5);
    if (!listing) throw new Error(`${email} has no published listing with pickup and stock`);
    return listing.id;
  }

  const placed = (): { a: ApiOrder; b: ApiOrder } => {
    if (!orders) throw new Error('the checkout test did not run first');
    return orders;
  };

  const orderArticle = (page: Page, order: ApiOrder) => page.getByRole('article', { name: `Order ${order.orderNumber}` });
  const actionButtons = (page: Page, order: ApiOrder) => orderArticle(page, order).getByRole('region', { name: 'Actions' }).getByRole('button').allInnerTexts();
  const stateOf = (page: Page, order: ApiOrder) => orderArticle(page, order).getByTestId('order-state');

  /** Runs an action through its confirm popup and waits for the order to show `state`. */
  async function runAction(page: Page, order: ApiOrder, button: string, state: string): Promise<void> {
    await orderArticle(page, order).getByRole('button', { name: button, exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Are you sure?' });
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.waitFor({ state: 'hidden' });
    await stateOf(page, order).getByText(state, { exact: true }).waitFor();
  }

  /** A star of the review form, as a person clicks it (the radio inside is visually hidden). */
  const starLabel = (form: Locator, stars: string) => form.locator('label', { has: form.page().getByLabel(stars, { exact: true }) });

  /** Reads until it answers `want` (a saved change lands after its button's click) or 10 s pass; answers the last reading. */
  async function settled<T>(read: () => Promise<T>, want: T): Promise<T> {
    const deadline = Date.now() + 10_000;
    let value = await read();
    while (value !== want && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      value = await read();
    }
    return value;
  }

  async function axeCheck(page: Page, name: string): Promise<void> {
    expect([name, await axeSeriousViolations(page)]).toEqual([name, []]);
  }

  test('the buyer checks out one cart from two suppliers with the sandbox card', async () => {
    const [listingA, listingB] = [await pickupListing(SUPPLIER_A), await pickupListing(SUPPLIER_B)];
    const buyer = await session(BUYER);
    const addresses = await buyer.get<{ data: { id: string; isDefault: boolean }[] }>('/api/delivery-addresses');
    const address = addresses.body.data.find((a) => a.isDefault);
    if (!address) throw new Error('the demo buyer has no default delivery address');
    // Liquor is sold only to a buyer with a liquor licence on file (ADR 042).
    expect((await buyer.put('/api/current-user/liquor-licence', { number: 'LIQP-36129', state: 'VIC' })).status).toBe(200);
    // Yarra Valley Brewing asks for at least 2.
    expect((await buyer.post('/api/cart', { listingId: listingA, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' })).status).toBe(201);
    expect((await buyer.post('/api/cart', { listingId: listingB, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' })).status).toBe(201);
    const res = await buyer.request<{ data: { checkout: { id: string } } }>(
      'POST',
      '/api/initiate-privileged-from-cart',
      { deliveryAddressId: address.id, paymentMethodId: 'pm_card_visa' },
      { 'idempotency-key': `after-purchase-${Date.now()}` },
    );
    expect(res.status).toBe(201);

    // The card payment confirms the orders (its event may land just after the answer).
    const deadline = Date.now() + 15_000;
    let bought: ApiOrder[] = [];
    while (Date.now() < deadline) {
      const checkout = await buyer.get<{ data: { orders: ApiOrder[] } }>(`/api/checkouts/${res.body.data.checkout.id}`);
      bought = checkout.body.data.orders;
      if (bought.length === 2 && bought.every((o) => o.state === 'purchased-multi-vendor')) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(bought.map((o) => o.state)).toEqual(['purchased-multi-vendor', 'purchased-multi-vendor']);
    const a = bought.find((o) => o.provider.name === 'Yarra Valley Brewing');
    const b = bought.find((o) => o.provider.name === 'Hop Hill Brewing');
    if (!a || !b) throw new Error(`unexpected suppliers: ${bought.map((o) => o.provider.name).join(', ')}`);
    orders = { a, b };
  }, TIMEOUT);

  test('supplier A marks its order delivered and the buyer confirms receipt (a racing transition says so first)', async () => {
    const { a } = placed();
    const supplier = await newPage();
    await logIn(supplier, SUPPLIER_A);
    await supplier.goto(`/sale/${a.id}`);
    await orderArticle(supplier, a).waitFor();
    expect(await stateOf(supplier, a).innerText()).toBe('Purchased');
    expect(await actionButtons(supplier, a)).toEqual(['Confirm as Delivered']);
    await runAction(supplier, a, 'Confirm as Delivered', 'Delivered');
    await supplier.getByRole('status').filter({ hasText: 'Done: the order is now Delivered.' }).waitFor();
    expect(await orderArticle(supplier, a).getByRole('region', { name: 'Actions' }).count()).toBe(0);
    expect(await orderArticle(supplier, a).getByRole('region', { name: 'Payment' }).innerText()).toMatch(/Card[\s\S]*Paid/);
    await shot(supplier, 'sale-delivered');

    const buyer = await newPage();
    await logIn(buyer, BUYER);
    await buyer.goto(`/order/${a.id}`);
    await stateOf(buyer, a).getByText('Delivered', { exact: true }).waitFor();
    expect((await actionButtons(buyer, a)).sort()).toEqual(['Confirm as Received', 'Dispute']);

    // Another transition already running answers 409: the popup says the spec's message and stays open.
    await buyer.route('**/api/transactions/*/transition', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ status: 409, code: 'transaction-invalid-transition', title: SAYS.pendingTransit }] }),
      }),
    );
    await orderArticle(buyer, a).getByRole('button', { name: 'Confirm as Received', exact: true }).click();
    const popup = buyer.getByRole('dialog', { name: 'Are you sure?' });
    await popup.getByText('Confirm you have received this order?').waitFor();
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.getByRole('alert').filter({ hasText: SAYS.pendingTransit }).waitFor();
    await shot(buyer, 'pending-transit');
    await popup.getByRole('button', { name: 'No' }).click();
    await popup.waitFor({ state: 'hidden' });
    await buyer.unroute('**/api/transactions/*/transition');
    // A 409 because the order's checkout ended meanwhile says so, not that something is in progress.
    await buyer.route('**/api/transactions/*/transition', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ status: 409, code: 'transaction-invalid-transition', title: 'Transition not allowed', meta: { reason: 'checkout-ended', checkout: 'expired' } }] }),
      }),
    );
    await orderArticle(buyer, a).getByRole('button', { name: 'Confirm as Received', exact: true }).click();
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.getByRole('alert').filter({ hasText: SAYS.checkoutEnded }).waitFor();
    await popup.getByRole('button', { name: 'No' }).click();
    await popup.waitFor({ state: 'hidden' });
    await buyer.unroute('**/api/transactions/*/transition');

    await runAction(buyer, a, 'Confirm as Received', 'Received');
    expect(await orderArticle(buyer, a).getByRole('region', { name: 'Actions' }).count()).toBe(0);
    const activity = await orderArticle(buyer, a).getByRole('list', { name: 'Activity' }).getByRole('listitem').allInnerTexts();
    expect(activity.map((entry) => entry.split(/\n+/).slice(0, 2).map((line) => line.split(' · ')[0]))).toEqual([
      ['Order placed', 'By you'],
      ['Payment received', 'By Caskade, automatically'],
      ['Marked as delivered', 'By the supplier'],
      ['Confirmed as received', 'By you'],
    ]);
    await shot(buyer, 'order-received');

    // Both sides review each other, once.
    const buyerReview = buyer.getByRole('region', { name: 'Review the supplier' });
    await starLabel(buyerReview, '5 stars').click();
    expect(await buyerReview.getByLabel('5 stars').isChecked()).toBe(true);
    await buyerReview.getByLabel('Your review').fill(REVIEWS.byBuyer);
    await buyerReview.getByRole('button', { name: 'Send review' }).click();
    await buyerReview.getByRole('status').filter({ hasText: 'Thank you — your review is published.' }).waitFor();
    expect(await buyerReview.getByRole('button', { name: 'Send review' }).count()).toBe(0);

    await supplier.reload();
    const supplierReview = supplier.getByRole('region', { name: 'Review the buyer' });
    await supplierReview.getByText(REVIEWS.byBuyer).waitFor();
    expect(await supplierReview.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(1);
    await starLabel(supplierReview, '4 stars').click();
    await supplierReview.getByLabel('Your review').fill(REVIEWS.bySupplier);
    await supplierReview.getByRole('button', { name: 'Send review' }).click();
    await supplierReview.getByRole('status').filter({ hasText: 'Thank you — your review is published.' }).waitFor();
    await shot(supplier, 'sale-reviewed');

    await buyer.reload();
    await buyerReview.getByText(REVIEWS.bySupplier).waitFor();
    await buyerReview.getByRole('status').filter({ hasText: 'Review already sent.' }).waitFor();
  }, TIMEOUT);

  test('supplier B marks its order delivered, the buyer disputes it with a reason and finds it under Disputed', async () => {
    const { b } = placed();
    const supplier = await newPage();
    await logIn(supplier, SUPPLIER_B);
    await supplier.goto(`/sales/${b.id}`);
    await stateOf(supplier, b).getByText('Purchased', { exact: true }).waitFor();
    await runAction(supplier, b, 'Confirm as Delivered', 'Delivered');

    const buyer = await newPage();
    await logIn(buyer, BUYER);
    await buyer.goto(`/orders/${b.id}`);
    await stateOf(buyer, b).getByText('Delivered', { exact: true }).waitFor();
    await orderArticle(buyer, b).getByRole('button', { name: 'Dispute', exact: true }).click();
    const popup = buyer.getByRole('dialog', { name: 'Are you sure?' });
    // The reason is required: Yes without one asks for it and sends nothing.
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.getByRole('alert').filter({ hasText: SAYS.disputeReasonRequired }).waitFor();
    expect(await popup.getByLabel('What went wrong?').getAttribute('aria-invalid')).toBe('true');
    await popup.getByLabel('What went wrong?').fill(DISPUTE_REASON);
    await shot(buyer, 'dispute-popup');
    await axeCheck(buyer, 'dispute popup');
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.waitFor({ state: 'hidden' });
    await stateOf(buyer, b).getByText('Disputed', { exact: true }).waitFor();
    // The reason is shown as the buyer typed it (text, never markup).
    expect(await orderArticle(buyer, b).getByRole('region', { name: 'Dispute' }).innerText()).toContain(DISPUTE_REASON);
    expect(await orderArticle(buyer, b).locator('b').count()).toBe(0);

    // The inbox's state filter: grouped by meaning, the dispute is under Disputed.
    await buyer.goto('/inbox/orders');
    await buyer.getByRole('rowheader', { name: b.orderNumber }).waitFor();
    const status = buyer.getByLabel('Status');
    expect(await status.locator('optgroup').evaluateAll((groups) => groups.map((g) => g.getAttribute('label')))).toEqual([
      'Enquiries', 'Awaiting payment', 'Under way', 'Disputed', 'Received and completed', 'Cancelled or expired',
    ]);
    await status.selectOption({ label: 'Disputed (cart order)' });
    await buyer.waitForURL(/state=disputed-multi-vendor/);
    await buyer.getByText('1 order', { exact: true }).waitFor();
    expect(await buyer.getByRole('rowheader').allInnerTexts()).toEqual([b.orderNumber]);
    expect(await buyer.getByRole('rowheader', { name: b.orderNumber }).getByRole('link').getAttribute('href')).toBe(`/order/${b.id}`);
  }, TIMEOUT);

  test('the operator settles the dispute with a partial refund; the buyer sees it cancelled, the refund and the activity', async () => {
    const { b } = placed();
    const operator = await newPage();
    await logIn(operator, OPERATOR);
    await operator.goto('/operator/orders');
    await operator.getByRole('main').getByLabel('Search', { exact: true }).fill(b.orderNumber);
    await operator.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await operator.getByText('1 order', { exact: true }).waitFor();
    await operator.getByRole('link', { name: b.orderNumber }).click();
    await orderArticle(operator, b).waitFor();
    expect(await stateOf(operator, b).innerText()).toBe('Disputed');
    expect((await actionButtons(operator, b)).sort()).toEqual(['Settle: cancel and refund', 'Settle: mark as received']);
    expect(await orderArticle(operator, b).getByRole('region', { name: 'Dispute' }).innerText()).toContain(DISPUTE_REASON);

    await orderArticle(operator, b).getByRole('button', { name: 'Settle: cancel and refund', exact: true }).click();
    const popup = operator.getByRole('dialog', { name: 'Are you sure?' });
    await popup.getByLabel(`Full refund (${money(b.priced.payinTotalCents)})`).waitFor();
    await popup.getByLabel('Partial refund').check();
    // More than the order's total is refused before anything is sent.
    await popup.getByLabel('Amount to refund (AUD, incl. GST)').fill(String(b.priced.payinTotalCents / 100 + 1));
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.getByRole('alert').filter({ hasText: SAYS.refundAmountTooHigh }).waitFor();
    await popup.getByLabel('Amount to refund (AUD, incl. GST)').fill(PARTIAL_REFUND.typed);
    await shot(operator, 'settle-partial-refund');
    await axeCheck(operator, 'settle popup');
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.waitFor({ state: 'hidden' });
    await stateOf(operator, b).getByText('Cancelled', { exact: true }).waitFor();
    expect(await orderArticle(operator, b).getByRole('region', { name: 'Actions' }).count()).toBe(0);

    const buyer = await newPage();
    await logIn(buyer, BUYER);
    await buyer.goto(`/orders/${b.id}`);
    await stateOf(buyer, b).getByText('Cancelled', { exact: true }).waitFor();
    const payment = (await orderArticle(buyer, b).getByRole('region', { name: 'Payment' }).innerText()).replace(/\s+/g, ' ');
    expect(payment).toContain('Payment status Partly refunded');
    expect(payment).toContain(`Refunded ${money(PARTIAL_REFUND.cents)}`);
    const activity = await orderArticle(buyer, b).getByRole('list', { name: 'Activity' }).getByRole('listitem').allInnerTexts();
    expect(activity.map((entry) => entry.split(/\n+/).slice(0, 2).map((line) => line.split(' · ')[0]))).toEqual([
      ['Order placed', 'By you'],
      ['Payment received', 'By Caskade, automatically'],
      ['Marked as delivered', 'By the supplier'],
      ['Order disputed', 'By you'],
      [`Dispute settled: order cancelled, ${money(PARTIAL_REFUND.cents)} refunded`, 'By Caskade'],
    ]);
    await shot(buyer, 'order-refunded');
    await axeCheck(buyer, 'refunded order');

    // What the server holds: the refund in cents.
    const held = await (await session(BUYER)).get<{ data: ApiOrder }>(`/api/transactions/${b.id}`);
    expect([held.body.data.state, held.body.data.refundedCents, held.body.data.allowedTransitions]).toEqual(['canceled-multi-vendor', PARTIAL_REFUND.cents, []]);

    // The supplier's sale page says what it is paid: its payout less the refund, not the whole payout.
    const supplier = await newPage();
    await logIn(supplier, SUPPLIER_B);
    await supplier.goto(`/sales/${b.id}`);
    await stateOf(supplier, b).getByText('Cancelled', { exact: true }).waitFor();
    const items = (await orderArticle(supplier, b).getByRole('region', { name: 'Items' }).innerText()).replace(/\s+/g, ' ');
    expect(items).toContain(`Your payout ${money(b.priced.payoutTotalCents - PARTIAL_REFUND.cents)}`);
  }, TIMEOUT);

  test('the buyer downloads the tax invoice of the received order and orders it again', async () => {
    const { a } = placed();
    const buyer = await newPage();
    await logIn(buyer, BUYER);
    await buyer.goto(`/orders/${a.id}`);
    await orderArticle(buyer, a).waitFor();
    const invoices = buyer.getByRole('region', { name: 'Tax invoices' });
    // The buyer has the supplier's invoice, not Caskade's platform-fee invoice to the supplier.
    expect(await invoices.getByRole('link').allInnerTexts()).toEqual(['Download tax invoice']);
    const [download] = await Promise.all([buyer.waitForEvent('download'), invoices.getByRole('link', { name: 'Download tax invoice' }).click()]);
    const file = path.join(os.tmpdir(), `after-purchase-invoice-${a.id}.pdf`);
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Tax invoice');
    expect(text).toContain(a.orderNumber);
    expect(text).toContain(money(a.priced.payinTotalCents));

    const before = await (await session(BUYER)).get<{ data: { itemCount: number } }>('/api/cart');
    await buyer.getByRole('button', { name: 'Order again', exact: true }).click();
    await buyer.getByTestId('reorder').getByText(/added to your cart at today’s prices\./).waitFor();
    await shot(buyer, 'ordered-again');
    await buyer.getByRole('link', { name: 'Go to cart' }).click();
    await buyer.waitForURL(/\/cart$/);
    const after = await (await session(BUYER)).get<{ data: { itemCount: number } }>('/api/cart');
    expect(after.body.data.itemCount).toBeGreaterThan(before.body.data.itemCount);
  }, TIMEOUT);

  test('the buyer repeats the received order every two weeks, then skips, pauses, resumes and ends it on /account/standing-orders', async () => {
    const { a } = placed();
    const api = await session(BUYER);
    // A saved card pays each run (pm_card_visa is the sandbox's Visa ending 4242).
    expect((await api.post('/api/payment-methods/attach', { paymentMethodId: 'pm_card_visa' })).status).toBe(201);
    const buyer = await newPage();
    await logIn(buyer, BUYER);
    await buyer.goto(`/orders/${a.id}`);
    const panel = buyer.getByTestId('standing-order-panel');
    await panel.getByRole('heading', { name: 'Repeat this order' }).waitFor();
    await panel.getByLabel('How often').selectOption('2');
    expect(await panel.getByLabel('Pay with').locator('option:checked').innerText()).toMatch(/ending in 4242/);
    await panel.getByRole('button', { name: 'Set up standing order' }).click();
    await panel.getByText('Standing order set up.').waitFor();
    await panel.getByRole('link', { name: 'Manage standing orders' }).click();
    await buyer.waitForURL(/\/account\/standing-orders$/);

    const card = buyer.getByTestId('standing-order').filter({ hasText: 'From Yarra Valley Brewing' }).first();
    await card.waitFor();
    const held = async () => {
      const list = await api.get<{ data: { id: string; sourceOrderId: string; intervalWeeks: number; paused: boolean; nextRunAt: string }[] }>('/api/standing-orders');
      const mine = list.body.data.find((x) => x.sourceOrderId === a.id);
      if (!mine) throw new Error('the standing order was not created');
      return mine;
    };
    const created = await held();
    expect([created.intervalWeeks, created.paused]).toEqual([2, false]);
    // The first run is one interval (two weeks) from now, shown as a date on the card.
    const twoWeeks = 14 * 24 * 3600 * 1000;
    expect(Math.abs(new Date(created.nextRunAt).getTime() - (Date.now() + twoWeeks))).toBeLessThan(5 * 60 * 1000);
    expect(await card.getByTestId('last-result').innerText()).toBe('Not run yet.');
    await shot(buyer, 'standing-order');
    await axeCheck(buyer, 'standing orders page');

    await card.getByRole('button', { name: 'Skip the next order' }).click();
    await buyer.getByText('Saved.').waitFor();
    expect(await settled(async () => new Date((await held()).nextRunAt).getTime() - new Date(created.nextRunAt).getTime(), twoWeeks)).toBe(twoWeeks);

    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByText('Paused').first().waitFor();
    expect((await held()).paused).toBe(true);
    await card.getByRole('button', { name: 'Resume' }).click();
    await card.getByRole('button', { name: 'Pause' }).waitFor();
    expect((await held()).paused).toBe(false);

    await card.getByLabel('How often').selectOption('1');
    await card.getByRole('button', { name: 'Save changes' }).click();
    expect(await settled(async () => (await held()).intervalWeeks, 1)).toBe(1);

    await card.getByRole('button', { name: 'End standing order' }).click();
    await buyer.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await buyer.getByText('Standing order ended.').waitFor();
    const list = await api.get<{ data: { sourceOrderId: string }[] }>('/api/standing-orders');
    expect(list.body.data.filter((x) => x.sourceOrderId === a.id)).toEqual([]);
  }, TIMEOUT);

  test('the buyer asks supplier B about a listing (an enquiry), the supplier reads it in Messages, and the buyer pays for that same order', async () => {
    const listingId = await pickupListing(SUPPLIER_B);
    const api = await session(BUYER);
    // A saved card to pay with (the sandbox's Visa ending 4242).
    expect((await api.post('/api/payment-methods/attach', { paymentMethodId: 'pm_card_visa' })).status).toBe(201);
    const listing = (await api.get<{ data: { slug: string; title: string } }>(`/api/listings/${listingId}`)).body.data;
    const buyer = await newPage();
    await logIn(buyer, BUYER);
    await buyer.goto(`/l/${listing.slug}/${listingId}`);
    const panel = buyer.getByRole('region', { name: 'Order' });
    await panel.getByLabel('Package').selectOption('0');
    const enquiry = panel.getByTestId('enquiry');
    await enquiry.getByText('Ask the supplier before buying').click();
    // The message is required; then it is sent as typed (markup stays text).
    await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
    await enquiry.getByText('This field is required.').waitFor();
    const question = 'Is this one <i>unfiltered</i>? Could you hold it until Friday?';
    await enquiry.getByLabel('Your question').fill(question);
    await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
    await buyer.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderId = new URL(buyer.url()).pathname.split('/').pop() ?? '';
    await buyer.getByTestId('enquiry-panel').getByRole('heading', { name: 'Your enquiry' }).waitFor();
    const held = (await api.get<{ data: { state: string; checkoutId: string; allowedTransitions: string[] } }>(`/api/transactions/${orderId}`)).body.data;
    expect([held.state, held.checkoutId, held.allowedTransitions]).toEqual(['enquiry', '', []]);
    await shot(buyer, 'enquiry');

    // Supplier B reads the question in the conversation with the buyer (the enquiry's event carried it).
    const supplier = await session(SUPPLIER_B);
    const deadline = Date.now() + 10_000;
    let texts: string[] = [];
    while (Date.now() < deadline && !texts.includes(question)) {
      const list = await supplier.get<{ data: { conversations: { id: string; transactionIds: string[] }[] } }>('/api/messages/conversations?limit=8');
      const conversation = list.body.data.conversations.find((c) => c.transactionIds.includes(orderId));
      if (conversation) {
        const messages = await supplier.get<{ data: { messages: { content: string }[] } }>(`/api/messages/conversations/${conversation.id}/messages?page=1`);
        texts = messages.body.data.messages.map((m) => m.content);
      }
      if (!texts.includes(question)) await new Promise((r) => setTimeout(r, 200));
    }
    expect(texts).toContain(question);

    // Paying for it: Buy now with the enquiry, the saved card; the same order is purchased.
    await buyer.getByRole('link', { name: 'Pay for this order' }).click();
    await buyer.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(await buyer.getByLabel('Payment term').count()).toBe(0);
    await buyer.getByRole('button', { name: 'Fill in from the delivery address' }).click();
    await buyer.getByRole('radio', { name: /ending in 4242/ }).first().check();
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await buyer.waitForURL(/\/checkout-complete\/[0-9a-f-]{36}$/);
    await buyer.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    const paid = (await api.get<{ data: { state: string; checkoutId: string; activity: { transition: string }[] } }>(`/api/transactions/${orderId}`)).body.data;
    expect(paid.state).toBe('purchased');
    expect(paid.checkoutId).toBe(new URL(buyer.url()).pathname.split('/').pop());
    expect(paid.activity.map((a) => a.transition)).toEqual(['enquire', 'request-payment-after-enquiry', 'confirm-payment']);
  }, TIMEOUT);
});
