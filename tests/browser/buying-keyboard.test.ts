/**
 * The buying pages by keyboard, with a screen reader's ears and on a 360 px phone, on one embedded
 * app (unseeded: a supplier with three 50 L keg listings and buyers signed up through the API, as in
 * pay-now.test.ts). Where the focus lands is read from document.activeElement:
 * - checkout: the first Pay with missing fields focuses the first invalid field; Pay keeps the focus
 *   while it pays and after a decline (it used to be disabled, dropping the focus to <body>);
 * - cart: a quantity change keeps the focus on its field, a removal moves it to the next entry (the
 *   heading when the cart is empty), and a polite status says what changed and the new total;
 * - listing at 360 px: no sideways scroll with a buyer's top bar; the order modal's Tab wraps from
 *   its last control (the enquiry's <summary>); closing it goes back over the history entry it pushed;
 * - order detail at 360 px: the items scroller is a labelled group the keyboard reaches; after
 *   Cancel → Yes the focus is on the status saying it was done;
 * - payment methods: focus returns to the card's Options button after the remove dialog and after
 *   "Make default", and to the next card's after a removal.
 * Screenshots land in /tmp/shots (keyboard-*).
 */
import type { Page } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { axeSeriousViolations, chromiumGate, useBrowserApp, webBuildGate } from '../support/browser';
import { buyerWithAddress, supplierWithListings } from '../support/buying';
import type { ApiSession } from '../support/http';

const TIMEOUT = 300_000;
const PASSWORD = 'correct horse battery';

/** In-page scripts as text (the root tsconfig has no DOM library). */
const inPage = <T>(page: Page, script: string) => page.evaluate(script) as Promise<T>;

/** The focused element, as a short description (tag, id, then aria-label, name or text) — BODY when focus was lost. */
const focused = (page: Page) =>
  inPage<string>(
    page,
    `(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'BODY';
      const label = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.textContent ?? '').trim().slice(0, 60);
      return el.tagName + (el.id ? '#' + el.id : '') + ' ' + label;
    })()`,
  );
/** The aria-label of the list item holding the focus (a cart entry is labelled with its title). */
const focusedEntry = (page: Page) => inPage<string | null>(page, `document.activeElement?.closest('li')?.getAttribute('aria-label') ?? null`);

describeWithServices('browser: buying by keyboard, screen reader and phone', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'keyboard-', bypassCSP: true, app: async () => ({ seed: false }) });
  let listings: string[] = [];
  let buyers = 0;

  beforeAll(async () => {
    listings = (await supplierWithListings(fx.app.url, 'keyboard-supplier@example.com', 'Keyfield', [40, 40, 40])).listingIds;
  }, TIMEOUT);

  /** A new buyer (licence and address on file) with these listings in the cart, and a browser page logged in as them. */
  async function buyerWithCart(entries: { listing: number; quantity: number }[], viewport: { width?: number; height?: number } = {}) {
    buyers += 1;
    const email = `keyboard-buyer-${buyers}@example.com`;
    const { session, addressId } = await buyerWithAddress(fx.app.url, email);
    for (const e of entries) expect((await session.post('/api/cart', { listingId: listings[e.listing], packageIndex: 0, quantity: e.quantity, deliveryMethod: 'pickup' })).status).toBe(201);
    const page = await fx.newPage(viewport);
    const login = await page.request.post(`${fx.app.url}/api/auth/login`, { headers: { Origin: fx.app.url }, data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    return { session, addressId, page };
  }

  async function noSidewaysScroll(page: Page, where: string): Promise<void> {
    const size = await inPage<{ scrollWidth: number; innerWidth: number }>(page, `({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })`);
    expect([where, size.scrollWidth <= size.innerWidth]).toEqual([where, true]);
  }

  test('checkout: the first Pay with missing fields focuses the first invalid field; Pay keeps the focus through a decline', async () => {
    const { page } = await buyerWithCart([{ listing: 0, quantity: 1 }]);
    await page.goto('/checkout-multi-suppliers');
    await page.getByTestId('due-now').waitFor();
    await page.getByRole('radio', { name: 'New card' }).check();
    const pay = page.getByRole('button', { name: /^Pay / });
    await pay.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Enter the street address.').waitFor();
    expect(await focused(page)).toMatch(/^INPUT.* addressLine1$/);

    await page.getByRole('button', { name: 'Fill in from the delivery address' }).click();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await pay.focus();
    await page.keyboard.press('Enter');
    await page.getByText('We cannot charge this payment').first().waitFor();
    const payAgain = page.getByRole('button', { name: 'Pay again' });
    await payAgain.waitFor();
    expect(await focused(page)).toBe('BUTTON Pay again');
    await fx.shot(page, 'checkout-declined');
  }, TIMEOUT);

  test('cart: a quantity change keeps the focus and is announced with the total; a removal moves the focus on', async () => {
    const { page, session } = await buyerWithCart([{ listing: 0, quantity: 2 }, { listing: 1, quantity: 2 }]);
    await page.goto('/cart');
    await page.getByTestId('cart-total').waitFor();
    const status = page.locator('[role="status"]').filter({ hasText: /./ });

    const quantity = page.getByLabel('Quantity of Keyfield Lager 1');
    await quantity.focus();
    await page.keyboard.press('ArrowDown');
    await status.filter({ hasText: 'Quantity of Keyfield Lager 1 changed to 3.' }).waitFor();
    const cart = (await session.get<{ data: { payinTotalCents: number; itemCount: number } }>('/api/cart')).body.data;
    const total = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cart.payinTotalCents / 100);
    expect(await status.innerText()).toBe(`Quantity of Keyfield Lager 1 changed to 3. Cart total (incl. GST): ${total}.`);
    expect(await page.getByTestId('cart-total').innerText()).toBe(total);
    expect(await focused(page)).toMatch(/^SELECT#cart-quantity-/);
    expect(await focusedEntry(page)).toBe('Keyfield Lager 1');

    await page.getByRole('button', { name: 'Remove Keyfield Lager 1' }).focus();
    await page.keyboard.press('Enter');
    await status.filter({ hasText: 'Keyfield Lager 1 removed from your cart.' }).waitFor();
    // The focus moves to the entry that is left.
    await page.waitForFunction(`document.activeElement?.closest('li')?.getAttribute('aria-label') === 'Keyfield Lager 2'`);
    expect(await focused(page)).toMatch(/^SELECT#cart-quantity-/);

    await page.getByRole('button', { name: 'Remove Keyfield Lager 2' }).focus();
    await page.keyboard.press('Enter');
    await status.filter({ hasText: 'Keyfield Lager 2 removed from your cart. Cart is empty' }).waitFor();
    expect(await focused(page)).toBe('H1#cart-heading Your cart');
  }, TIMEOUT);

  test('listing at 360 px: no sideways scroll; the order modal keeps Tab inside; closing it goes back over its history entry', async () => {
    const { page, session } = await buyerWithCart([{ listing: 1, quantity: 1 }], { width: 360, height: 740 });
    await page.goto('/cart');
    await page.getByTestId('cart-total').waitFor();
    await noSidewaysScroll(page, '/cart');
    const { slug } = (await session.get<{ data: { slug: string } }>(`/api/listings/${listings[0]}`)).body.data;
    await page.goto(`/l/${slug}/${listings[0]}`);
    await page.getByRole('heading', { level: 1, name: 'Keyfield Lager 1' }).waitFor();
    const listingUrl = page.url();
    await noSidewaysScroll(page, 'listing');
    await fx.shot(page, 'listing-360');
    // Every top-bar control is inside the viewport.
    const rightmost = await inPage<number>(page, `Math.max(...[...document.querySelectorAll('header button, header a')].filter((e) => e.offsetParent !== null).map((e) => e.getBoundingClientRect().right))`);
    expect(rightmost).toBeLessThanOrEqual(360);
    const historyLength = () => inPage<number>(page, 'window.history.length');
    const historyBefore = await historyLength();

    await page.getByRole('button', { name: 'Order now' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Order' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('orderOpen')).toBe('open');
    await dialog.getByText('Ask the supplier before buying').focus();
    await page.keyboard.press('Tab');
    expect(await inPage<boolean>(page, `Boolean(document.activeElement?.closest('[role="dialog"]'))`)).toBe(true);
    expect(await focused(page)).toBe('BUTTON Close');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatch(/^SUMMARY/);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(listingUrl);
    expect(await focused(page)).toBe('BUTTON Order now');
    // The entry the modal pushed is gone: one Back leaves the listing.
    expect(await historyLength()).toBe(historyBefore + 1);
    await page.goBack();
    await page.waitForURL(/\/cart$/);
  }, TIMEOUT);

  /** An order the buyer paid with the sandbox Visa, through the API (state purchased). */
  async function purchasedOrder(session: ApiSession, addressId: string): Promise<string> {
    expect((await session.post('/api/payment-methods/attach', { paymentMethodId: 'pm_card_visa' })).status).toBe(201);
    const res = await session.request<{ data: { checkout: { id: string } } }>(
      'POST',
      '/api/initiate-privileged-from-cart',
      { deliveryAddressId: addressId, paymentMethodId: 'pm_card_visa' },
      { 'idempotency-key': `keyboard-${Date.now()}` },
    );
    expect(res.status).toBe(201);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const checkout = await session.get<{ data: { orders: { id: string; state: string }[] } }>(`/api/checkouts/${res.body.data.checkout.id}`);
      const [order] = checkout.body.data.orders;
      if (order?.state.startsWith('purchased')) return order.id;
      if (Date.now() > deadline) throw new Error(`the order did not reach purchased: ${JSON.stringify(checkout.body.data.orders)}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  test('order detail at 360 px: the items scroller is a labelled keyboard stop; after Cancel → Yes the focus is on the status', async () => {
    const { page, session, addressId } = await buyerWithCart([{ listing: 2, quantity: 3 }], { width: 360, height: 740 });
    const orderId = await purchasedOrder(session, addressId);
    await page.goto(`/orders/${orderId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await noSidewaysScroll(page, 'order detail');
    const scroller = page.getByRole('group', { name: 'Items table (scrolls sideways)' });
    await scroller.waitFor();
    expect(await scroller.evaluate((el) => [el.getAttribute('tabindex'), el.scrollWidth > el.clientWidth])).toEqual(['0', true]);
    expect(await axeSeriousViolations(page)).toEqual([]);
    await fx.shot(page, 'order-360');

    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Yes' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Done: the order is now').waitFor();
    expect(await focused(page)).toMatch(/^DIV .*Done: the order is now Cancelled/);
  }, TIMEOUT);

  test('payment methods: the focus returns to the card’s Options button after the remove dialog and Make default', async () => {
    const { page, session } = await buyerWithCart([]);
    for (const paymentMethodId of ['pm_card_visa', 'pm_card_mastercard']) expect((await session.post('/api/payment-methods/attach', { paymentMethodId })).status).toBe(201);
    await page.goto('/account/payment-methods');
    const options = (name: string) => page.getByRole('button', { name: `Options for ${name}` });
    const mastercard = options('Mastercard ending in 4444');
    await mastercard.waitFor();
    const choose = async (name: string, item: string) => {
      await options(name).focus();
      await page.keyboard.press('Enter');
      await page.locator('main [id$="-panel"]:not([hidden])').getByRole('button', { name: item }).focus();
      await page.keyboard.press('Enter');
    };
    const removeDialog = page.getByRole('dialog', { name: 'Remove this payment method?' });

    await choose('Mastercard ending in 4444', 'Remove');
    await removeDialog.waitFor();
    await page.keyboard.press('Escape');
    await removeDialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('BUTTON Options for Mastercard ending in 4444');

    await choose('Mastercard ending in 4444', 'Remove');
    await removeDialog.getByRole('button', { name: 'No' }).press('Enter');
    await removeDialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('BUTTON Options for Mastercard ending in 4444');

    await choose('Mastercard ending in 4444', 'Make default');
    await page.getByText('Mastercard ending in 4444 is now your default.').waitFor();
    await page.getByRole('listitem', { name: 'Mastercard ending in 4444' }).getByText('Default', { exact: true }).waitFor();
    expect(await focused(page)).toBe('BUTTON Options for Mastercard ending in 4444');

    // Removed, the card's row is gone: the focus goes to the other card's Options button.
    await choose('Mastercard ending in 4444', 'Remove');
    await removeDialog.getByRole('button', { name: 'Remove' }).press('Enter');
    await removeDialog.waitFor({ state: 'detached' });
    await mastercard.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('BUTTON Options for Visa ending in 4242');
  }, TIMEOUT);
});
