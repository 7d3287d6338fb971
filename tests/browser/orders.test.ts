/**
 * Payment methods, delivery addresses and orders in the browser, on one embedded app: the buyer
 * saves two cards, makes the second the default, replaces and removes cards (after a
 * confirmation), saves a BECS account; adds and edits a delivery address (client and server field
 * errors inline); an order placed through the API by bank transfer shows on the buyer's /orders and
 * the supplier's /sales and inbox (not on another supplier's), with search and the state filter;
 * the operator finds it awaiting bank transfer, a failed action says the spec's message, then
 * confirms it; the buyer's and the supplier's detail pages show it purchased with its activity
 * (the supplier also its fee lines and payout); another buyer opening it sees the not-found page.
 * Screenshots land in /tmp/shots (orders-*.png).
 */
import type { Page } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { buyerSignup } from '../support/accounts';
import { alertWith, axeSeriousViolations, chromiumGate, DEMO_PASSWORD, useBrowserApp, webBuildGate } from '../support/browser';
import { ApiSession } from '../support/http';

const TIMEOUT = 300_000;
const BUYER = 'buyer@example.com';
const SUPPLIER = 'supplier@example.com';
const OTHER_SUPPLIER = 'hop-hill-brewing@suppliers.example.com';
const OPERATOR = 'operator@example.com';

/** The en-AU wording the user must see (web/src/i18n/ordersMessages.ts and messages.ts). */
const SAYS = {
  required: 'This field is required.',
  cardNumberInvalid: 'Enter a valid card number, like 4242 4242 4242 4242.',
  mandateRequired: 'Accept the direct debit request to save this account.',
  postcodeInvalid: 'Enter a 4-digit postcode.',
  actionFailed: 'Somethings went wrong!',
};

const money = (cents: number) => new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);

interface PlacedOrder {
  id: string;
  orderNumber: string;
  payinTotalCents: number;
  payoutTotalCents: number;
}

describeWithServices('browser: payment methods, addresses and orders', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'orders-', bypassCSP: true });
  const { newPage, shot } = fx;
  let order: PlacedOrder | undefined;

  /** Logs in through the API of the page's origin (the page then holds the session); no reminder modal is in the way. */
  async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
    const res = await page.request.post(`${fx.app.url}/api/auth/login`, { headers: { Origin: fx.app.url }, data: { email, password } });
    expect([email, res.status()]).toEqual([email, 200]);
  }

  async function axeCheck(page: Page, name: string): Promise<void> {
    expect([name, await axeSeriousViolations(page)]).toEqual([name, []]);
  }

  /** The saved method's row (a list item named after the method). */
  const methodRow = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
  const methodNames = (page: Page) =>
    page.getByRole('region', { name: 'Saved payment methods' }).getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));

  async function chooseFromMenu(page: Page, method: string, choice: string): Promise<void> {
    await page.getByRole('button', { name: `Options for ${method}` }).click();
    await methodRow(page, method).getByRole('button', { name: choice, exact: true }).click();
  }

  async function addCard(page: Page, number: string, expiry: string, cvc: string): Promise<void> {
    const form = page.locator('#card-form');
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry (MM / YY)').fill(expiry);
    await form.getByLabel('Security code (CVC)').fill(cvc);
    await form.getByRole('button', { name: /^(Save card|Replace card)$/ }).click();
  }

  /** An order from Yarra Valley Brewing placed by the demo buyer through the API, paid by bank transfer (pending payment). */
  async function placeBankTransferOrder(): Promise<PlacedOrder> {
    const supplier = new ApiSession(fx.app.url, { origin: fx.app.url });
    expect((await supplier.post('/api/auth/login', { email: SUPPLIER, password: DEMO_PASSWORD })).status).toBe(200);
    const own = await supplier.get<{ data: { listings: { id: string; state: string; pickupEnabled: boolean; pricePackages: unknown[] }[] } }>('/api/own-listings?perPage=20');
    const listing = own.body.data.listings.find((l) => l.state === 'published' && l.pickupEnabled && l.pricePackages.length > 0);
    if (!listing) throw new Error('the demo supplier has no published listing with pickup');

    const buyer = new ApiSession(fx.app.url, { origin: fx.app.url });
    expect((await buyer.post('/api/auth/login', { email: BUYER, password: DEMO_PASSWORD })).status).toBe(200);
    const addresses = await buyer.get<{ data: { id: string; isDefault: boolean }[] }>('/api/delivery-addresses');
    const address = addresses.body.data.find((a) => a.isDefault);
    if (!address) throw new Error('the demo buyer has no default delivery address');
    expect((await buyer.post('/api/cart', { listingId: listing.id, packageIndex: 0, quantity: 2, deliveryMethod: 'pickup' })).status).toBe(201);
    const placed = await buyer.request<{ data: { checkout: { orders: { id: string; orderNumber: string; state: string; priced: { payinTotalCents: number; payoutTotalCents: number } }[] } } }>(
      'POST',
      '/api/initiate-privileged-from-cart',
      { deliveryAddressId: address.id, bankTransfer: true },
      { 'idempotency-key': `orders-browser-${Date.now()}` },
    );
    expect(placed.status).toBe(201);
    const [first] = placed.body.data.checkout.orders;
    if (!first) throw new Error('the checkout made no order');
    expect(first.state).toBe('pending-payment-multi-vendor');
    return { id: first.id, orderNumber: first.orderNumber, payinTotalCents: first.priced.payinTotalCents, payoutTotalCents: first.priced.payoutTotalCents };
  }

  const placedOrder = (): PlacedOrder => {
    if (!order) throw new Error('the order test did not run first');
    return order;
  };
  const orderRow = (page: Page, orderNumber: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderNumber }) });
  const rowCells = (page: Page, orderNumber: string) => orderRow(page, orderNumber).locator('th, td').allInnerTexts();

  test('the buyer saves two cards, makes the second the default, replaces one and removes the other, and saves a BECS account', async () => {
    const page = await newPage();
    await logIn(page, BUYER);
    await page.goto('/account/payment-methods');
    await page.getByRole('heading', { level: 1, name: 'Payment methods' }).waitFor();
    await page.getByText('You haven’t saved a payment method yet.').waitFor();
    // The account side navigation marks this tab.
    expect(await page.getByRole('navigation', { name: 'Account settings sections' }).first().getByRole('link', { name: 'Payment methods' }).getAttribute('aria-current')).toBe('page');

    // Client checks: required fields, then the card number's check digit.
    await page.locator('#card-form').getByRole('button', { name: 'Save card' }).click();
    expect(await page.locator('#card-form').getByRole('alert').filter({ hasText: SAYS.required }).count()).toBe(3);
    await addCard(page, '4242 4242 4242 4241', '12/34', '123');
    await alertWith(page, SAYS.cardNumberInvalid).waitFor();
    // The generic decline card is refused when saved, as Stripe's setup refuses it: nothing is saved.
    await addCard(page, '4000 0000 0000 0002', '12/34', '123');
    await alertWith(page, 'Your card was declined. Try another card.').waitFor();
    await page.getByText('You haven’t saved a payment method yet.').waitFor();

    await addCard(page, '4242 4242 4242 4242', '12/34', '123');
    await page.getByRole('status').filter({ hasText: 'Card saved.' }).waitFor();
    await methodRow(page, 'Visa ending in 4242').waitFor();
    expect(await methodRow(page, 'Visa ending in 4242').innerText()).toMatch(/Expires 12\/34[\s\S]*Default/);

    await addCard(page, '5555 5555 5555 4444', '08/33', '321');
    await methodRow(page, 'Mastercard ending in 4444').waitFor();
    expect(await methodNames(page)).toEqual(['Visa ending in 4242', 'Mastercard ending in 4444']);
    // The first saved is the default; the second is not.
    expect(await methodRow(page, 'Mastercard ending in 4444').getByText('Default', { exact: true }).count()).toBe(0);

    await chooseFromMenu(page, 'Mastercard ending in 4444', 'Make default');
    await page.getByRole('status').filter({ hasText: 'Mastercard ending in 4444 is now your default.' }).waitFor();
    await methodRow(page, 'Mastercard ending in 4444').getByText('Default', { exact: true }).waitFor();
    expect(await methodRow(page, 'Visa ending in 4242').getByText('Default', { exact: true }).count()).toBe(0);
    await shot(page, 'payment-methods');
    await axeCheck(page, 'payment methods');

    // Replace the Mastercard with an American Express card: the new one takes its place.
    await chooseFromMenu(page, 'Mastercard ending in 4444', 'Replace card');
    await page.getByRole('heading', { level: 2, name: 'Replace Mastercard ending in 4444' }).waitFor();
    await addCard(page, '3782 822463 10005', '05/32', '1234');
    await page.getByRole('status').filter({ hasText: 'Card replaced.' }).waitFor();
    await methodRow(page, 'American Express ending in 0005').waitFor();
    expect((await methodNames(page)).sort()).toEqual(['American Express ending in 0005', 'Visa ending in 4242']);

    // Remove the first card: a confirmation first; "No" keeps it.
    await chooseFromMenu(page, 'Visa ending in 4242', 'Remove');
    const dialog = page.getByRole('dialog', { name: 'Remove this payment method?' });
    await dialog.getByText('Visa ending in 4242 will no longer be available for payments.').waitFor();
    await shot(page, 'payment-method-remove');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await methodRow(page, 'Visa ending in 4242').count()).toBe(1);
    await chooseFromMenu(page, 'Visa ending in 4242', 'Remove');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment method removed.' }).waitFor();
    await methodRow(page, 'Visa ending in 4242').waitFor({ state: 'detached' });
    expect(await methodNames(page)).toEqual(['American Express ending in 0005']);

    // BECS: the mandate must be accepted.
    await page.getByLabel('BSB').fill('000-000');
    await page.getByLabel('Account number').fill('000123456');
    await page.getByLabel('Account holder name').fill('The Fitzroy Alehouse');
    await page.getByRole('region', { name: 'Add a bank account (direct debit)' }).getByLabel('Email address').fill('accounts@fitzroy.example.com');
    await page.getByText(/authorise Stripe Payments Australia Pty Ltd/).waitFor();
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await alertWith(page, SAYS.mandateRequired).waitFor();
    await page.getByLabel('I accept the direct debit request above').check();
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await page.getByRole('status').filter({ hasText: 'Bank account saved.' }).waitFor();
    await methodRow(page, 'Bank account 000-000 ••• 3456').waitFor();
    expect(await methodRow(page, 'Bank account 000-000 ••• 3456').innerText()).toContain('BECS direct debit');

    // What the server now holds.
    const saved = await page.request.get(`${fx.app.url}/api/payment-methods`);
    const methods = ((await saved.json()) as { data: { type: string; brand: string; last4: string; isDefault: boolean }[] }).data;
    expect(methods.map((m) => [m.type, m.last4, m.isDefault]).sort()).toEqual([
      ['au_becs_debit', '3456', false],
      ['card', '0005', true],
    ]);
  }, TIMEOUT);

  test('an expired default card says so; with Stripe the sandbox’s own card and bank forms are not offered (Stripe Elements is: tests/browser/stripe-elements.test.ts)', async () => {
    const page = await newPage();
    await logIn(page, BUYER);
    // The sandbox refuses to save an expired card, so the list the server would answer a year later is played here.
    const expired = { id: 'pm_sandbox_expired', type: 'card', isDefault: true, brand: 'visa', last4: '1881', expMonth: 1, expYear: 2024, bsb: '', expired: true };
    await page.route('**/api/payment-methods', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: [expired] }) }) : route.fallback(),
    );
    await page.route('**/api/payments/config', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { provider: 'stripe', publishableKey: 'pk_test_x' } }) }));
    await page.goto('/account/payment-methods');
    await alertWith(page, 'Your default card has expired.').waitFor();
    expect(await methodRow(page, 'Visa ending in 1881').innerText()).toMatch(/Expires 01\/24[\s\S]*Default[\s\S]*Expired/);
    // Stripe's own forms (their code loads lazily) take the place of the sandbox's: once Stripe's
    // bank form is on the page, neither the sandbox's card number nor its BSB field is.
    await page.getByRole('button', { name: 'Save bank account' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save bank account' }).count()).toBe(1);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await page.getByLabel('BSB', { exact: true }).count()).toBe(0);
    await shot(page, 'payment-methods-expired-stripe');
  }, TIMEOUT);

  test('the buyer adds and edits a delivery address, with field errors inline', async () => {
    const page = await newPage();
    await logIn(page, BUYER);
    await page.goto('/account/delivery-address');
    await page.getByRole('heading', { level: 1, name: 'Delivery addresses' }).waitFor();
    const list = page.getByRole('region', { name: 'Your delivery addresses' });
    await list.getByRole('listitem', { name: 'The Fitzroy Alehouse' }).getByText('Default', { exact: true }).waitFor();

    const form = page.locator('#address-form');
    await form.getByLabel('Name (venue or recipient)').fill('Brunswick Cellar Door');
    await form.getByLabel('Street address').fill('12 Sydney Road');
    await form.getByLabel('Suburb or town').fill('Brunswick');
    await form.getByLabel('Postcode').fill('30');
    await form.getByLabel('Phone number').fill('0398765432');
    await form.getByLabel('Email address').fill('cellar@brunswick.example.com');
    await form.getByRole('button', { name: 'Save address' }).click();
    // Client rules: the state is required and the postcode has 4 digits.
    await form.getByRole('alert').filter({ hasText: SAYS.postcodeInvalid }).waitFor();
    await form.getByRole('alert').filter({ hasText: SAYS.required }).waitFor();
    await form.getByLabel('State or territory').selectOption('VIC');
    await form.getByLabel('Postcode').fill('3056');

    // A field error from the server lands on its field (here the server is made to refuse once).
    await page.route('**/api/delivery-addresses', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ errors: [{ status: 400, code: 'validation-invalid-params', title: 'Some fields are invalid', meta: { fields: { postalCode: 'validation.postalCodeInvalid' } } }] }),
          })
        : route.fallback(),
    );
    await form.getByRole('button', { name: 'Save address' }).click();
    await form.getByRole('alert').filter({ hasText: SAYS.postcodeInvalid }).waitFor();
    expect(await form.getByLabel('Postcode').getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/api/delivery-addresses');

    await form.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('status').filter({ hasText: 'Address saved.' }).waitFor();
    const added = list.getByRole('listitem', { name: 'Brunswick Cellar Door' });
    expect(await added.innerText()).toContain('12 Sydney Road, Brunswick VIC 3056');
    expect(await added.getByText('Default', { exact: true }).count()).toBe(0);
    await shot(page, 'delivery-addresses');
    await axeCheck(page, 'delivery addresses');

    // Edit it: the form fills with its values.
    await page.getByRole('button', { name: 'Edit Brunswick Cellar Door' }).click();
    await page.getByRole('heading', { level: 2, name: 'Edit Brunswick Cellar Door' }).waitFor();
    expect(await form.getByLabel('Street address').inputValue()).toBe('12 Sydney Road');
    await form.getByLabel('Street address').fill('480 Sydney Road');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Address updated.' }).waitFor();
    await added.getByText('480 Sydney Road, Brunswick VIC 3056').waitFor();

    const stored = ((await (await page.request.get(`${fx.app.url}/api/delivery-addresses`)).json()) as { data: { name: string; street: string; state: string; postalCode: string; isDefault: boolean }[] }).data;
    expect(stored.map((a) => [a.name, a.street, a.state, a.postalCode, a.isDefault]).sort()).toEqual([
      ['Brunswick Cellar Door', '480 Sydney Road', 'VIC', '3056', false],
      ['The Fitzroy Alehouse', '214 Brunswick Street', 'VIC', '3065', true],
    ]);
  }, TIMEOUT);

  test('a bank-transfer order shows on the buyer’s orders and the supplier’s sales, not another supplier’s', async () => {
    order = await placeBankTransferOrder();
    const { orderNumber, payinTotalCents } = order;

    const buyer = await newPage();
    await logIn(buyer, BUYER);
    await buyer.goto('/orders');
    await buyer.getByRole('heading', { level: 1, name: 'My orders' }).waitFor();
    await orderRow(buyer, orderNumber).waitFor();
    const cells = await rowCells(buyer, orderNumber);
    expect([cells[0], cells[1], cells[3], cells[4]]).toEqual([orderNumber, 'Yarra Valley Brewing', 'Awaiting payment', money(payinTotalCents)]);
    expect(cells[2]).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await shot(buyer, 'my-orders');
    await axeCheck(buyer, 'my orders');

    // Search by the order number keeps it; a state it is not in finds nothing. Both in the address.
    await buyer.getByRole('main').getByLabel('Search', { exact: true }).fill(orderNumber);
    await buyer.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await buyer.waitForURL(/search=/);
    await buyer.getByText('1 order', { exact: true }).waitFor();
    await buyer.getByLabel('Status').selectOption('purchased-multi-vendor');
    await buyer.getByText('No orders match your search.').waitFor();
    expect(new URL(buyer.url()).searchParams.get('state')).toBe('purchased-multi-vendor');
    await buyer.getByRole('link', { name: 'Clear' }).click();
    await orderRow(buyer, orderNumber).waitFor();

    // The inbox's orders tab lists it too; any other tab is the not-found page.
    await buyer.goto('/inbox/orders');
    await orderRow(buyer, orderNumber).waitFor();
    expect(await orderRow(buyer, orderNumber).getByRole('link').getAttribute('href')).toBe(`/order/${order.id}`);
    await buyer.goto('/inbox/returns');
    await buyer.getByRole('heading', { level: 1, name: /We couldn’t find that page/ }).waitFor();

    const supplier = await newPage();
    await logIn(supplier, SUPPLIER);
    await supplier.goto('/sales');
    await supplier.getByRole('heading', { level: 1, name: 'My sales' }).waitFor();
    await orderRow(supplier, orderNumber).waitFor();
    const saleCells = await rowCells(supplier, orderNumber);
    expect([saleCells[0], saleCells[1], saleCells[3], saleCells[4]]).toEqual([orderNumber, 'The Fitzroy Alehouse', 'Awaiting payment', money(payinTotalCents)]);
    await supplier.goto('/inbox/sales');
    await orderRow(supplier, orderNumber).waitFor();

    const other = await newPage();
    await logIn(other, OTHER_SUPPLIER);
    await other.goto('/sales');
    await other.getByText('You haven’t had any sales yet.').waitFor();
    expect(await other.getByRole('rowheader', { name: orderNumber }).count()).toBe(0);
  }, TIMEOUT);

  test('the operator finds the order awaiting bank transfer and confirms it; the buyer then sees it purchased with its activity', async () => {
    const { id, orderNumber, payinTotalCents, payoutTotalCents } = placedOrder();
    const operator = await newPage();
    await logIn(operator, OPERATOR);
    await operator.goto('/operator/orders');
    await operator.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    // The toggle is controlled by the address (?awaitingBankTransfer=true): click, wait for the address,
    // then for the render that follows it (the router commits the new address in a transition).
    await operator.getByLabel('Awaiting bank transfer only').click();
    await operator.waitForURL(/awaitingBankTransfer=true/);
    await operator.getByRole('main').locator('input[name="awaitingBankTransfer"]:checked').waitFor();
    await operator.getByRole('main').getByLabel('Search', { exact: true }).fill(orderNumber);
    await operator.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await operator.getByText('1 order', { exact: true }).waitFor();
    const cells = await rowCells(operator, orderNumber);
    expect([cells[0], cells[1], cells[2], cells[4], cells[5]]).toEqual([orderNumber, 'Yarra Valley Brewing', 'The Fitzroy Alehouse', 'Awaiting payment', money(payinTotalCents)]);

    await operator.getByRole('link', { name: orderNumber }).click();
    const detail = operator.getByRole('article', { name: `Order ${orderNumber}` });
    await detail.waitFor();
    // The buttons are the API's allowedTransitions for the operator.
    expect(await detail.getByRole('region', { name: 'Actions' }).getByRole('button').allInnerTexts()).toEqual(['Confirm payment', 'Cancel payment']);
    expect(await detail.getByRole('region', { name: 'Payment' }).innerText()).toMatch(/Bank transfer[\s\S]*Waiting for bank transfer/);
    await shot(operator, 'operator-order');
    await axeCheck(operator, 'operator orders');

    // A failing action says the spec's message in the popup and changes nothing.
    await operator.route('**/api/transactions/*/transition', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ status: 500, code: 'internal', title: 'Internal' }] }) }),
    );
    await detail.getByRole('button', { name: 'Confirm payment', exact: true }).click();
    const confirm = operator.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('Confirm that the bank transfer for this order has arrived?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await confirm.getByRole('alert').filter({ hasText: SAYS.actionFailed }).waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await detail.getByTestId('order-state').innerText()).toBe('Awaiting payment');
    await operator.unroute('**/api/transactions/*/transition');

    await detail.getByRole('button', { name: 'Confirm payment', exact: true }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await confirm.waitFor({ state: 'hidden' });
    // The order is purchased: the operator may now mark it delivered or cancel it.
    await detail.getByTestId('order-state').getByText('Purchased', { exact: true }).waitFor();
    await detail.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Mark as delivered' }).waitFor();
    expect(await detail.getByRole('region', { name: 'Actions' }).getByRole('button').allInnerTexts()).toEqual(['Mark as delivered', 'Cancel order']);
    await shot(operator, 'operator-order-confirmed');

    const buyer = await newPage();
    await logIn(buyer, BUYER);
    await buyer.goto(`/orders/${id}`);
    const mine = buyer.getByRole('article', { name: `Order ${orderNumber}` });
    await mine.waitFor();
    expect(await mine.getByTestId('order-state').innerText()).toBe('Purchased');
    const activity = await mine.getByRole('list', { name: 'Activity' }).getByRole('listitem').allInnerTexts();
    expect(activity.map((entry) => entry.split('\n')[0])).toEqual(['Order placed', expect.stringMatching(/^(Bank transfer confirmed|Payment received)$/)]);
    expect(activity[0]).toContain('By you');
    const items = await mine.getByRole('region', { name: 'Items' }).innerText();
    expect(items.replace(/\s+/g, ' ')).toContain(`Total (incl. GST) ${money(payinTotalCents)}`);
    expect(items).not.toContain('Caskade platform fee');
    expect(items).not.toContain('Your payout');
    expect(await mine.getByRole('region', { name: 'Payment' }).innerText()).toMatch(/Bank transfer[\s\S]*Paid/);
    expect(await mine.getByRole('region', { name: 'Delivery address' }).innerText()).toContain('214 Brunswick Street');
    expect(await mine.getByRole('region', { name: 'Actions' }).getByRole('button').allInnerTexts()).toEqual(['Confirm as Received', 'Cancel']);
    await shot(buyer, 'my-order-detail');
    await axeCheck(buyer, 'order detail');

    // The supplier's view adds its platform fee and payout.
    const supplier = await newPage();
    await logIn(supplier, SUPPLIER);
    await supplier.goto(`/sales/${id}`);
    const sale = supplier.getByRole('article', { name: `Order ${orderNumber}` });
    const saleItems = await sale.getByRole('region', { name: 'Items' }).innerText();
    expect(saleItems).toContain('Caskade platform fee');
    expect(saleItems.replace(/\s+/g, ' ')).toContain(`Your payout ${money(payoutTotalCents)}`);
    expect(await detail.getByRole('region', { name: 'Items' }).innerText()).toContain('Supplier payout');
    await shot(supplier, 'sale-detail');
  }, TIMEOUT);

  test('on a 390 px phone the order and sale detail pages do not scroll sideways: the items table scrolls in its own box (QA #3)', async () => {
    const { id, orderNumber } = placedOrder();
    for (const [email, path] of [[BUYER, `/orders/${id}`], [SUPPLIER, `/sales/${id}`]] as const) {
      const page = await newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await logIn(page, email);
      await page.goto(path);
      await page.getByRole('article', { name: `Order ${orderNumber}` }).getByRole('region', { name: 'Items' }).waitFor();
      // The tests compile without the DOM library: the page's own `document`, typed by hand.
      type InPage = { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
      const widths = await page.evaluate(() => {
        const root = (globalThis as unknown as InPage).document.documentElement;
        return { page: root.scrollWidth, viewport: root.clientWidth };
      });
      expect(widths.page).toBe(widths.viewport);
    }
  }, TIMEOUT);

  test('another buyer opening the order sees the not-found page', async () => {
    const { id, orderNumber } = placedOrder();
    const page = await newPage();
    const res = await page.request.post(`${fx.app.url}/api/auth/sign-up`, { headers: { Origin: fx.app.url }, data: buyerSignup(`other-buyer-${Date.now()}@example.com`) });
    expect(res.status()).toBe(201);
    await page.goto(`/orders/${id}`);
    await page.getByRole('heading', { level: 1, name: /We couldn’t find that page/ }).waitFor();
    expect(await page.getByText(orderNumber).count()).toBe(0);
    await page.goto('/orders');
    await page.getByText('You haven’t placed any orders yet.').waitFor();
    expect(await page.getByRole('rowheader', { name: orderNumber }).count()).toBe(0);
  }, TIMEOUT);
});
