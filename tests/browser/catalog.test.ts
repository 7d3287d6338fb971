/**
 * The catalog in the browser, on one embedded app: a supplier creates a listing through the
 * wizard (each step's validation messages, price packages, stock by compare-and-set, photos with
 * the 20 MB and file-type errors, sorting) and publishes it; a buyer finds it by keyword, by
 * category filter and by price sort and opens it (price incl. GST, stock indicator); a closed
 * listing shows closed and no order form; profile settings (duplicate, deleted and error banners,
 * actions on keyboard focus), the brand page, operator approval, a service listed through the
 * wizard with its availability and a no-stock publish warning, pages past the end, the landing
 * page's categories and suppliers, a draft preview refused to others, the mobile search filters at
 * 375 px and axe on search, listing, the wizard, profile settings, manage listings and the
 * operator's approvals. Screenshots land in /tmp/shots.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { alertWith as alert, axeSeriousViolations, chromiumGate, DEMO_PASSWORD, useBrowserApp, webBuildGate } from '../support/browser';

const TIMEOUT = 300_000;
const TWENTY_MB = 20 * 1024 * 1024;

/** The en-AU wording the user must see (web/src/i18n/messages.ts and catalogMessages.ts). */
const SAYS = {
  required: 'This field is required.',
  attributesIncomplete: 'Fill in every feature for this category, or leave them all empty.',
  packageSizeInvalid: 'Choose a size this package comes in',
  priceAboveZero: 'Enter a price above $0.00',
  quantityInvalid: 'Enter a whole number of at least 1.',
  locationRequired: 'Enter the address buyers collect from or you ship from.',
  deliveryRequired: 'Offer pickup, shipping or both.',
  fileTooLarge: 'That file is larger than 20 MB.',
  unsupportedType: 'That file type isn’t supported. Use JPG, GIF or PNG.',
  stockMismatch: 'The stock changed while you were editing: it’s now 35.',
};

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** A word no seeded listing has, so keyword search finds exactly ours. */
const KEYWORD = `Quokkafizz${suffix}`;
const TITLE = `${KEYWORD} Gose`;

/** Polls until `check` holds (jest has no expect.poll); fails naming what it waited for. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The first amount of money in `text`, in dollars, in any en-AU form the app shows: `$54`,
 * `$54.50`, `$1,234.50`, `-$3.00` (web/src/i18n/format.ts; whole dollars drop the cents).
 */
function firstMoney(text: string): number | undefined {
  const m = /(-?)\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?(?![\d,]*\d)/.exec(text);
  if (!m) return undefined;
  const value = Number(`${m[2]?.replace(/,/g, '') ?? ''}${m[3] ?? ''}`);
  return m[1] === '-' ? -value : value;
}

const png = (colour: string, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

describeWithServices('browser: catalog', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  // axe is injected as a script, which the app's CSP would refuse.
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'catalog-', bypassCSP: true });
  const { newPage, shot } = fx;
  /** The listing the supplier creates: its public path and id. */
  let listingUrl = '';
  let listingId = '';

  async function logIn(page: Page, email: string): Promise<void> {
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Buyers land on the landing page, suppliers on their listings, operators on the order queue (ADR 059).
    await page.waitForURL((url) => url.pathname !== '/login');
    const reminder = page.getByRole('dialog', { name: 'Please verify your email address' });
    if (await reminder.isVisible().catch(() => false)) {
      await page.keyboard.press('Escape');
      await reminder.waitFor({ state: 'hidden' });
    }
  }

  async function axeCheck(page: Page, name: string): Promise<void> {
    expect([name, await axeSeriousViolations(page)]).toEqual([name, []]);
  }

  const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save & continue' }).click();
  const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true }).waitFor();

  test('a supplier creates a listing through the wizard, with photos, and publishes it', async () => {
    const page = await newPage();
    await logIn(page, 'supplier@example.com');
    await page.goto('/l/new');
    // The spec's new-listing route: slug draft, the zero id, type new, first tab.
    await page.waitForURL(/\/l\/draft\/00000000-0000-0000-0000-000000000000\/new\/details$/);
    await stepHeading(page, 'Details');
    const steps = page.getByRole('navigation', { name: 'Listing steps' });
    // Products have the spec's Availability step too (optional dispatch and pickup days, ADR 059).
    for (const name of ['Details', 'Features', 'Pricing & Stock', 'Disclaimer', 'Location', 'Delivery', 'Availability', 'Photos']) await steps.getByText(name, { exact: true }).waitFor();
    await axeCheck(page, 'wizard: details');

    // Details: every required field says so, and focus goes to the first.
    await saveAndContinue(page);
    await alert(page, 'Please fix the highlighted fields.').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: SAYS.required }).count()).toBe(4);
    expect(await page.getByLabel('Title').evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);
    await shot(page, 'wizard-details-errors');
    await axeCheck(page, 'wizard: details with errors');
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Category').selectOption('beer');
    await page.getByLabel('Type').selectOption('sour-wild');
    // Beer has styles: required to publish.
    await saveAndContinue(page);
    await alert(page, SAYS.required).waitFor();
    await page.getByLabel('Style').selectOption('gose');
    await page.getByLabel('Description').fill('A salted coastal gose with finger lime. Brewed for the browser test.');
    await saveAndContinue(page);

    // The draft now exists: the address carries its slug and id.
    await page.waitForURL(/\/l\/quokkafizz[a-z0-9]+-gose\/[0-9a-f-]{36}\/draft\/features$/);
    listingId = /\/([0-9a-f-]{36})\/draft\//.exec(page.url())?.[1] ?? '';
    expect(listingId).not.toBe('');
    await stepHeading(page, 'Features');
    // Features: once one is filled, all of the category's are needed.
    await page.getByLabel('ABV (%)').fill('4.2');
    await page.getByLabel('Colour').fill('Hazy straw');
    await saveAndContinue(page);
    expect(await page.getByRole('alert').filter({ hasText: SAYS.attributesIncomplete }).count()).toBe(3);
    await page.getByLabel('Malts').fill('Wheat, Pilsner');
    await page.getByLabel('Hops').fill('Ella');
    await page.getByLabel('Vegan').selectOption('yes');
    await saveAndContinue(page);

    // Pricing & Stock: package rows with sizes, units, cents and at least one row.
    await page.waitForURL(/\/draft\/pricing$/);
    await stepHeading(page, 'Pricing & Stock');
    await page.getByLabel('Package', { exact: true }).selectOption('can');
    await page.getByLabel('Size (ml)').fill('9999');
    await page.getByLabel('Units per package').fill('0');
    await page.getByLabel('Price ex GST ($)').fill('0');
    await saveAndContinue(page);
    await alert(page, SAYS.packageSizeInvalid).waitFor();
    await alert(page, SAYS.quantityInvalid).waitFor();
    await alert(page, SAYS.priceAboveZero).waitFor();
    await shot(page, 'wizard-pricing-errors');
    await page.getByLabel('Size (ml)').fill('375');
    await page.getByLabel('Units per package').fill('24');
    await page.getByLabel('Price ex GST ($)').fill('54.50');
    await page.getByText('$59.95 incl. GST').waitFor();
    await page.getByLabel('SKU').fill(`QF-CAN-${suffix}`);
    await page.getByRole('button', { name: 'Add a package' }).click();
    const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Package 2' }) });
    await second.getByLabel('Package', { exact: true }).selectOption('keg');
    await second.getByLabel('Size (L)').selectOption('50');
    await second.getByLabel('Price ex GST ($)').fill('210');
    await page.getByLabel('Units in stock').fill('40');
    await saveAndContinue(page);

    await page.waitForURL(/\/draft\/disclaimer$/);
    await page.getByRole('textbox', { name: 'Disclaimer' }).fill('Contains wheat. Keep cold.');
    await saveAndContinue(page);

    // Location is required for products.
    await page.waitForURL(/\/draft\/location$/);
    await saveAndContinue(page);
    await alert(page, SAYS.locationRequired).waitFor();
    await page.getByLabel('Address').fill('12 Brewery Lane, Healesville');
    await page.getByLabel('State or territory').selectOption('VIC');
    await page.getByLabel('Postcode').fill('3777');
    await saveAndContinue(page);

    // Delivery: at least one method.
    await page.waitForURL(/\/draft\/delivery$/);
    await saveAndContinue(page);
    await alert(page, SAYS.deliveryRequired).waitFor();
    await page.getByLabel('Pickup').check();
    await page.getByLabel('Shipping').check();
    // Sold to buyers in Victoria and New South Wales only.
    const states = page.getByRole('group', { name: /^Sell to buyers in/ });
    await states.getByLabel('VIC', { exact: true }).check();
    await states.getByLabel('NSW', { exact: true }).check();
    await saveAndContinue(page);

    // Availability is optional for a product: no dispatch days given.
    await page.waitForURL(/\/draft\/availability$/);
    await saveAndContinue(page);

    // Photos: over 20 MB and not-an-image are refused; two PNGs upload and can be reordered.
    await page.waitForURL(/\/draft\/photos$/);
    await stepHeading(page, 'Photos');
    const input = page.getByLabel('Add photos');
    // A file on disk, given by path: the browser reads it itself, where a 20 MB buffer is sent
    // through the DevTools protocol (base64) and took over 15 s on a loaded 2-core machine.
    const huge = path.join(mkdtempSync(path.join(tmpdir(), 'caskade-huge-')), 'huge.png');
    writeFileSync(huge, Buffer.alloc(TWENTY_MB + 1));
    await input.setInputFiles(huge);
    await alert(page, SAYS.fileTooLarge).waitFor();
    rmSync(path.dirname(huge), { recursive: true, force: true });
    await input.setInputFiles({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><body>not a photo</body></html>') });
    await alert(page, SAYS.unsupportedType).waitFor();
    // Publishing without photos lists what is missing.
    await page.getByRole('button', { name: 'Publish listing' }).click();
    await alert(page, 'A few things are missing').waitFor();
    await input.setInputFiles([
      { name: 'gose-front.png', mimeType: 'image/png', buffer: await png('#3f8f8a') },
      { name: 'gose-back.png', mimeType: 'image/png', buffer: await png('#c77d1a') },
    ]);
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await until('two photos', async () => (await photos.count()) === 2, 30_000);
    const firstSrc = async () => (await photos.first().getByRole('img').getAttribute('src')) ?? '';
    const before = await firstSrc();
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await page.getByText('Photo order saved.').waitFor();
    expect(await firstSrc()).not.toBe(before);
    await shot(page, 'wizard-photos');

    // The demo supplier may publish directly (published flag on): straight to published.
    await page.getByRole('button', { name: 'Publish listing' }).click();
    await page.waitForURL(new RegExp(`/l/quokkafizz[a-z0-9]+-gose/${listingId}$`));
    listingUrl = new URL(page.url()).pathname;
    await page.getByText('Your listing is live.').waitFor();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await shot(page, 'listing-after-publish');
  }, TIMEOUT);

  test('stock is set by compare-and-set: a stale total says so and reloads', async () => {
    expect(listingId).not.toBe('');
    const page = await newPage();
    await logIn(page, 'supplier@example.com');
    await page.goto(`/l/x/${listingId}/edit/pricing`);
    // The address is corrected to the listing's slug; a live listing saves in place.
    await page.waitForURL(new RegExp(`/l/quokkafizz[a-z0-9]+-gose/${listingId}/edit/pricing$`));
    await page.getByText('Currently 40 in stock.').waitFor();
    // Someone else (another tab) changes the stock meanwhile.
    const changed = await page.request.put(`${fx.app.url}/api/own-listings/${listingId}/stock`, { headers: { Origin: fx.app.url }, data: { oldTotal: 40, newTotal: 35 } });
    expect(changed.status()).toBe(200);
    await page.getByLabel('Units in stock').fill('50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await alert(page, SAYS.stockMismatch).waitFor();
    await shot(page, 'wizard-stock-mismatch');
    await page.getByRole('button', { name: 'Reload stock' }).click();
    await page.getByText('Currently 35 in stock.').waitFor();
    expect(await page.getByLabel('Units in stock').inputValue()).toBe('35');
    await page.getByLabel('Units in stock').fill('50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved.').waitFor();
    await page.getByText('Currently 50 in stock.').waitFor();
  }, TIMEOUT);

  test('a buyer finds it by keyword, by category filter and by price sort, and opens it', async () => {
    expect(listingUrl).not.toBe('');
    const page = await newPage();
    await logIn(page, 'buyer@example.com');

    // Keyword from the top bar (the landing page has its own box in the hero instead).
    await page.goto('/about');
    await page.getByRole('banner').getByRole('searchbox').fill(KEYWORD);
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`/s\\?keywords=${KEYWORD}$`));
    await page.getByRole('status').filter({ hasText: /^1 result/ }).waitFor();
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByRole('link', { name: TITLE }).waitFor();
    // Sold in VIC and NSW only: a Western Australian buyer does not see it, a Victorian one does.
    await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Your state').selectOption('WA');
    await page.waitForURL(/pub_state=WA/);
    await page.getByRole('status').filter({ hasText: /^No results/ }).waitFor();
    await page.getByRole('button', { name: 'Remove filter: Sold in WA' }).waitFor();
    await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Your state').selectOption('VIC');
    await page.waitForURL(/pub_state=VIC/);
    await results.getByRole('link', { name: TITLE }).waitFor();

    // Category filter, then the price sorts: the prices shown go up, or down (whatever the seed's prices are).
    await page.goto('/s');
    await page.getByRole('status').filter({ hasText: /^[\d,]+ results?/ }).waitFor();
    await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Beer', { exact: true }).click();
    await page.waitForURL(/\/s\?pub_category=beer$/);
    await page.getByRole('button', { name: 'Remove filter: Beer' }).waitFor();
    await page.getByLabel('Sort by').selectOption('-price');
    await page.waitForURL(/\/s\?pub_category=beer&sort=-price$/);
    const cards = results.getByRole('article');
    /** The "from" price of each card on the page, in order (cards without a price left out). */
    const shownPrices = async (): Promise<number[]> =>
      (await cards.allTextContents()).map(firstMoney).filter((p): p is number => p !== undefined);
    const settled = async () => (await results.getAttribute('aria-busy')) === null;
    const inOrder = (xs: number[], dir: 1 | -1) => xs.length > 2 && xs.every((x, i) => i === 0 || dir * (x - (xs[i - 1] ?? x)) >= 0) && xs[0] !== xs[xs.length - 1];
    await until('the prices shown going up', async () => (await settled()) && inOrder(await shownPrices(), 1));
    expect(await page.getByLabel('Sort by').locator('option').allTextContents()).toEqual(['Relevance', 'Newest', 'Oldest', 'Lowest price', 'Highest price']);
    await shot(page, 'search-beer-lowest-price');
    await axeCheck(page, 'search');

    // The URL is the state: highest price first, then back restores lowest first.
    await page.getByLabel('Sort by').selectOption('price');
    await page.waitForURL(/sort=price$/);
    await until('the prices shown going down', async () => (await settled()) && inOrder(await shownPrices(), -1));
    await page.goBack();
    await page.waitForURL(/sort=-price$/);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('-price');
    await until('the prices going up again after going back', async () => (await settled()) && inOrder(await shownPrices(), 1));
    // A price range (dollars) keeps it in; one above its price leaves it out.
    await page.getByLabel('Minimum price in dollars').fill('50');
    await page.getByLabel('Maximum price in dollars').fill('55');
    await page.getByRole('complementary', { name: 'Filters' }).getByRole('button', { name: 'Apply' }).nth(1).click();
    await page.waitForURL(/price=50%2C55/);
    await results.getByRole('link', { name: TITLE }).waitFor();
    // Pagination: first, last, neighbours and an ellipsis across all listings.
    await page.goto('/s?page=5');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByText('…').first().waitFor();
    for (const name of ['Page 1', 'Page 4', 'Page 6', 'Previous page', 'Next page']) await pager.getByRole('link', { name, exact: true }).waitFor();
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('5');
    // A page past the end says so and leads back to page 1.
    await page.goto('/s?pub_category=beer&page=999');
    await page.getByText('There are no results on this page.').waitFor();
    await page.getByRole('link', { name: 'Go to page 1' }).click();
    await page.waitForURL(/\/s\?pub_category=beer$/);
    await results.getByRole('article').first().waitFor();

    // Open it from the results.
    await page.goto(`/s?keywords=${KEYWORD}`);
    await results.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`${fx.app.url}${listingUrl}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // Prices incl. GST: $54.50 + $5.45 GST = $59.95 a case; the keg $210 + $21 = $231.
    const packages = page.getByRole('table');
    await packages.getByRole('row', { name: /24 × 375 ml cans/ }).getByText('$59.95').waitFor();
    await packages.getByRole('row', { name: /50 L keg/ }).getByText('$231.00').waitFor();
    await page.getByText('incl. GST', { exact: true }).first().waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Package', 'Price ex GST', 'GST', 'Price incl. GST']);
    // 50 in stock: green, "In stock" (docs/decisions/013).
    const stock = page.locator('[data-stock-level]').first();
    expect(await stock.getAttribute('data-stock-colour')).toBe('green');
    expect(await stock.textContent()).toContain('In stock');
    // The order panel sits beside the listing from 1024 px (tests/browser/buying.test.ts drives it).
    const addToCart = page.getByRole('region', { name: 'Order' }).getByRole('button', { name: 'Add to cart' });
    await addToCart.waitFor();
    expect(await addToCart.isEnabled()).toBe(true);
    await page.getByRole('link', { name: 'Yarra Valley Brewing' }).first().waitFor();
    await shot(page, 'listing-buyer');
    await axeCheck(page, 'listing');

    // The canonical /l/{id} shows the same listing.
    await page.goto(`/l/${listingId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  }, TIMEOUT);

  test('a closed listing shows closed and no order form; no stock disables ordering', async () => {
    expect(listingUrl).not.toBe('');
    const supplier = await newPage();
    await logIn(supplier, 'supplier@example.com');
    await supplier.goto('/listings');
    await supplier.getByRole('heading', { level: 1, name: 'My listings' }).waitFor();
    const row = supplier.getByRole('article', { name: TITLE });
    await row.getByRole('button', { name: 'Close' }).click();
    await supplier.getByText(`“${TITLE}” is closed.`).waitFor();
    await row.getByText('Closed', { exact: true }).waitFor();
    await shot(supplier, 'manage-listings');

    const buyer = await newPage();
    await buyer.goto(listingUrl);
    await buyer.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const closed = buyer.getByRole('button', { name: 'Closed', exact: true });
    await closed.waitFor();
    expect(await closed.isDisabled()).toBe(true);
    await buyer.getByText('This listing is closed and isn’t taking orders right now.').waitFor();
    expect(await buyer.getByRole('button', { name: /Add to cart/ }).count()).toBe(0);
    await shot(buyer, 'listing-closed');
    // Closed listings leave search.
    await buyer.goto(`/s?keywords=${KEYWORD}`);
    await buyer.getByRole('heading', { name: 'No listings match your search' }).waitFor();

    // A product sold out (its stock set to 0 here; the seeded catalog may hold none): ordering disabled with the no-stock label.
    const own = await supplier.request.get(`${fx.app.url}/api/own-listings?perPage=100`);
    const body = (await own.json()) as { data: { listings: { id: string; slug: string; state: string; listingType: string; currentStock: { quantity: number } }[] } };
    const product = body.data.listings.find((l) => l.state === 'published' && l.listingType === 'product' && l.id !== listingId);
    if (!product) throw new Error('the demo supplier has no other published product');
    const soldOut = await supplier.request.put(`${fx.app.url}/api/own-listings/${product.id}/stock`, { headers: { Origin: fx.app.url }, data: { oldTotal: product.currentStock.quantity, newTotal: 0 } });
    expect(soldOut.status()).toBe(200);
    const empty = { ...product, currentStock: { quantity: 0 } };
    await buyer.goto(`/l/${empty?.slug}/${empty?.id}`);
    const noStock = buyer.getByRole('button', { name: 'Out of stock' });
    await noStock.waitFor();
    expect(await noStock.isDisabled()).toBe(true);
    await buyer.getByText('No stock at the moment.').waitFor();
    expect(await buyer.locator('[data-stock-level]').first().getAttribute('data-stock-colour')).toBe('red');

    // Open it again for the tests after this one.
    await supplier.getByRole('article', { name: TITLE }).getByRole('button', { name: 'Open' }).click();
    await supplier.getByText(`“${TITLE}” is open again.`).waitFor();
  }, TIMEOUT);

  test('profile settings: duplicate shows its banner (reset after 3 s), drafts link to photos; the brand page lists products', async () => {
    expect(listingId).not.toBe('');
    const page = await newPage();
    await logIn(page, 'supplier@example.com');
    await page.goto('/profile-settings');
    await page.getByRole('heading', { level: 1, name: 'Profile settings' }).waitFor();
    const tile = page.getByRole('article', { name: TITLE });
    await tile.hover();
    // Published products offer delete; the actions show on hover.
    await tile.getByRole('button', { name: 'Delete' }).waitFor();
    await tile.getByRole('button', { name: 'Duplicate' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'The product was duplicated.' });
    await banner.waitFor();
    const shownAt = Date.now();
    await shot(page, 'profile-settings-duplicated');
    await banner.waitFor({ state: 'detached', timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    // The copy is a draft: draft label, no delete, link to the editor's photos tab.
    const drafts = page.getByRole('article', { name: TITLE }).filter({ hasText: 'Draft' });
    await drafts.first().waitFor();
    await drafts.first().hover();
    expect(await drafts.first().getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // The actions sit below the photo, clear of the state label.
    const label = await drafts.first().getByText('Draft', { exact: true }).boundingBox();
    const actionBar = await drafts.first().getByRole('group').boundingBox();
    expect(label && actionBar && (label.y + label.height <= actionBar.y || actionBar.y + actionBar.height <= label.y)).toBe(true);
    expect(await drafts.first().getByRole('link').first().getAttribute('href')).toMatch(/\/draft\/photos$/);

    // Brand page texts and collections (at most 4, unique).
    await page.getByLabel('Delivery notes').fill('Weekly runs to Melbourne and Geelong.');
    await page.getByRole('button', { name: 'Add a collection' }).click();
    await page.getByLabel('Collection 3', { exact: true }).fill('core range');
    await page.getByRole('button', { name: 'Save brand page' }).click();
    await alert(page, 'Each collection needs a different name.').waitFor();
    await page.getByLabel('Collection 3', { exact: true }).fill('Sours');
    await page.getByRole('button', { name: 'Save brand page' }).click();
    await page.getByText('Brand page saved.').waitFor();

    const me = (await (await page.request.get(`${fx.app.url}/api/current-user`)).json()) as { data: { id: string } };
    await page.goto(`/u/${me.data.id}`);
    await page.getByRole('heading', { level: 1, name: 'Yarra Valley Brewing' }).waitFor();
    await page.getByText('Weekly runs to Melbourne and Geelong.').waitFor();
    await page.getByRole('navigation', { name: 'Collections' }).getByText('Sours', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: 'Core range' }).waitFor();
    await page.getByRole('link', { name: TITLE }).waitFor();
    await page.getByRole('link', { name: 'Edit profile' }).waitFor();
    await shot(page, 'brand-page');
  }, TIMEOUT);

  test('a supplier awaiting approval submits for approval; the operator approves', async () => {
    const supplier = await newPage();
    await logIn(supplier, 'newsupplier@example.com');
    // Its payout account set up, so the payout reminder (the buying tests' subject) stays away.
    expect((await supplier.request.post(`${fx.app.url}/api/payout-account/sandbox`, { headers: { Origin: fx.app.url } })).status()).toBe(201);
    // A complete draft through the API (the wizard itself is covered above), with one photo.
    const upload = await supplier.request.post(`${fx.app.url}/api/images`, {
      headers: { Origin: fx.app.url },
      multipart: { image: { name: 'cider.png', mimeType: 'image/png', buffer: await png('#7a9a2e') } },
    });
    expect(upload.status()).toBe(201);
    const imageId = ((await upload.json()) as { data: { id: string } }).data.id;
    const title = `Orchard Pending ${suffix}`;
    const created = await supplier.request.post(`${fx.app.url}/api/own-listings`, {
      headers: { Origin: fx.app.url },
      data: {
        listingType: 'product', title, description: 'Dry apple cider awaiting approval.', category: 'cider', productType: 'apple',
        pricePackages: [{ packageType: 'bottle', size: 330, quantity: 24, priceCents: 7200, sku: '' }],
        location: { address: 'Collingwood', state: 'VIC', postcode: '3066' }, pickupEnabled: true, imageIds: [imageId], stockQuantity: 12,
      },
    });
    expect(created.status()).toBe(201);
    const draft = ((await created.json()) as { data: { id: string; slug: string } }).data;
    await supplier.goto(`/l/${draft.slug}/${draft.id}/draft/photos`);
    await supplier.getByText('New suppliers’ listings are checked by our team first').waitFor();
    await supplier.getByRole('button', { name: 'Submit for approval' }).click();
    await supplier.waitForURL(new RegExp(`/l/${draft.slug}/${draft.id}/pending-approval$`));
    await supplier.getByText('Your listing was submitted for approval.').waitFor();
    await supplier.getByText('Waiting for approval.').waitFor();
    // A listing awaiting approval can be withdrawn (the process table's discard): offered on
    // profile settings and manage listings, from the transitions the API answers; no open/close.
    await supplier.goto('/profile-settings');
    const tile = supplier.getByRole('article', { name: title });
    await tile.hover();
    await tile.getByRole('button', { name: 'Duplicate' }).waitFor();
    expect(await tile.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await supplier.goto('/listings');
    const manageRow = supplier.getByRole('article', { name: title });
    await manageRow.getByRole('button', { name: 'Duplicate' }).waitFor();
    expect(await manageRow.getByRole('button', { name: 'Withdraw' }).count()).toBe(1);
    expect(await manageRow.getByRole('button', { name: /^(Delete|Discard draft|Open|Close)$/ }).count()).toBe(0);

    const operator = await newPage();
    await logIn(operator, 'operator@example.com');
    await operator.goto('/operator/listings');
    await operator.getByRole('heading', { level: 1, name: 'Listing approvals' }).waitFor();
    const row = operator.getByRole('article', { name: title });
    await row.waitFor();
    await shot(operator, 'operator-approvals');
    await axeCheck(operator, 'operator listings');
    await row.getByRole('button', { name: 'Approve' }).click();
    await operator.getByText(`“${title}” is published.`).waitFor();
    await row.waitFor({ state: 'detached' });

    const buyer = await newPage();
    await buyer.goto(`/l/${draft.slug}/${draft.id}`);
    await buyer.getByRole('heading', { level: 1, name: title }).waitFor();
    // 12 in stock: low (orange).
    expect(await buyer.locator('[data-stock-level]').first().getAttribute('data-stock-colour')).toBe('orange');

    // Published, its editor warns that a saved change sends it back for approval (ADR 015), and says so once saved.
    await supplier.goto(`/l/${draft.slug}/${draft.id}/edit/details`);
    await supplier.getByText('saving a change hides this listing from buyers until it’s approved', { exact: false }).waitFor();
    await supplier.getByLabel('Description').fill('Dry apple cider, now with a longer description.');
    await supplier.getByRole('button', { name: 'Save changes' }).click();
    await supplier.getByText('Changes saved and sent to our team for approval', { exact: false }).waitFor();
    const held = await supplier.request.get(`${fx.app.url}/api/own-listings/${draft.id}`);
    const heldListing = ((await held.json()) as { data: { id: string; state: string; description: string } }).data;
    expect([held.status(), heldListing.id, heldListing.state, heldListing.description]).toEqual([200, draft.id, 'pendingApproval', 'Dry apple cider, now with a longer description.']);
    await operator.reload();
    await row.waitFor(); // back in the operator's queue
  }, TIMEOUT);

  /** Nothing wider than the viewport: no sideways scrolling on phones. */
  const pageWidth = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);

  test('mobile 375 px: search filters open in a modal and apply; listing and wizard fit the screen', async () => {
    const page = await newPage({ width: 375, height: 812 });
    await page.goto('/s');
    await page.getByRole('status').filter({ hasText: /^[\d,]+ results?/ }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.waitFor();
    // Each choice applies at once (the URL is the state); the box shows checked once it has.
    await dialog.getByLabel('Wine', { exact: true }).click();
    await page.waitForURL(/pub_category=wine/);
    await until('Wine checked', () => dialog.getByLabel('Wine', { exact: true }).isChecked());
    await dialog.getByLabel('Red', { exact: true }).click();
    await page.waitForURL(/pub_category=wine&pub_type=red/);
    await page.screenshot({ path: '/tmp/shots/catalog-search-mobile-filters.png' });
    await dialog.getByRole('button', { name: /^Show \d+ results?$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter: Wine' }).waitFor();
    const cards = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    await shot(page, 'search-mobile');
    await axeCheck(page, 'search at 375 px');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    await page.goto(listingUrl || '/s');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    const supplier = await newPage({ width: 375, height: 812 });
    await logIn(supplier, 'supplier@example.com');
    await supplier.goto('/l/new');
    await stepHeading(supplier, 'Details');
    await saveAndContinue(supplier);
    await alert(supplier, SAYS.required).waitFor();
    expect(await pageWidth(supplier)).toBeLessThanOrEqual(375);
    await shot(supplier, 'wizard-mobile');
  }, TIMEOUT);

  test('the brand page pages through every product, 24 a page', async () => {
    // A new supplier (published directly) with 26 products in stock, through the API.
    const owner = await newPage();
    const brand = `Paging Cellars ${suffix}`;
    const signup = await owner.request.post(`${fx.app.url}/api/auth/sign-up`, {
      headers: { Origin: fx.app.url },
      data: {
        userType: 'supplier', email: `paging-${suffix}@example.com`, password: 'correct horse battery', passwordConfirm: 'correct horse battery',
        firstName: 'Pia', lastName: 'Ging', abnAcn: '51 824 753 556', phoneNumber: '0412 345 678', companyName: `${brand} Co`, brandName: brand,
        businessName: `${brand} Pty Ltd`, legalEntityName: `${brand} Holdings Pty Ltd`, address: '1 Chapel St, South Yarra VIC 3141',
        contactNumber: '03 9876 5432', agreeTermsAndConditions: true,
      },
    });
    expect(signup.status()).toBe(201);
    const upload = await owner.request.post(`${fx.app.url}/api/images`, {
      headers: { Origin: fx.app.url },
      multipart: { image: { name: 'cider.png', mimeType: 'image/png', buffer: await png('#a0522d') } },
    });
    expect(upload.status()).toBe(201);
    const imageId = ((await upload.json()) as { data: { id: string } }).data.id;
    const titles: string[] = [];
    let ownerId = '';
    for (let i = 1; i <= 26; i += 1) {
      const title = `Pagingcider ${suffix} No ${i}`;
      const created = await owner.request.post(`${fx.app.url}/api/own-listings`, {
        headers: { Origin: fx.app.url },
        data: {
          listingType: 'product', title, description: 'A dry cider for the paging test.', category: 'cider', productType: 'apple',
          pricePackages: [{ packageType: 'bottle', size: 330, quantity: 24, priceCents: 7200, sku: '' }],
          location: { address: 'Collingwood', state: 'VIC', postcode: '3066' }, pickupEnabled: true, imageIds: [imageId], stockQuantity: 40,
        },
      });
      expect(created.status()).toBe(201);
      const draft = ((await created.json()) as { data: { id: string; author: { id: string } } }).data;
      ownerId = draft.author.id;
      const published = await owner.request.post(`${fx.app.url}/api/own-listings/${draft.id}/publish`, { headers: { Origin: fx.app.url } });
      expect([title, published.status()]).toEqual([title, 200]);
      expect(((await published.json()) as { data: { state: string } }).data.state).toBe('published');
      titles.push(title);
    }

    // A visitor: newest first, 24 on the first page, the two oldest on the second.
    const page = await newPage();
    await page.goto(`/u/${ownerId}`);
    await page.getByRole('heading', { level: 1, name: brand }).waitFor();
    const products = page.getByRole('region', { name: 'Products', exact: true });
    const cards = products.getByRole('article');
    await page.getByRole('link', { name: titles[25], exact: true }).waitFor();
    expect(await cards.count()).toBe(24);
    expect(await page.getByRole('link', { name: titles[0], exact: true }).count()).toBe(0);
    const pager = products.getByRole('navigation', { name: 'Pagination' });
    await pager.getByLabel('Page 1 of 2').waitFor();
    await shot(page, 'brand-page-paged');
    await pager.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(new RegExp(`/u/${ownerId}\\?page=2#products-heading$`));
    await page.getByRole('link', { name: titles[0], exact: true }).waitFor();
    await page.getByRole('link', { name: titles[1], exact: true }).waitFor();
    await until('two products on page 2', async () => (await cards.count()) === 2);
    await pager.getByLabel('Page 2 of 2').waitFor();
    await pager.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(new RegExp(`/u/${ownerId}#products-heading$`));
    await page.getByRole('link', { name: titles[25], exact: true }).waitFor();

    // A page past the end says so and links back to the first.
    await page.goto(`/u/${ownerId}?page=7`);
    await page.getByText('There are no products on this page.').waitFor();
    await page.getByRole('link', { name: 'Go to the first page of products' }).click();
    await page.getByRole('link', { name: titles[25], exact: true }).waitFor();
    await axeCheck(page, 'brand page');
  }, TIMEOUT);
  /** A listing of the signed-in supplier through the API: a draft, or published (`publish`) with stock. */
  async function listingViaApi(page: Page, title: string, publish: boolean, stockQuantity = 30): Promise<{ id: string; slug: string; author: { id: string } }> {
    const headers = { Origin: fx.app.url };
    const upload = await page.request.post(`${fx.app.url}/api/images`, { headers, multipart: { image: { name: 'lager.png', mimeType: 'image/png', buffer: await png('#d9a441') } } });
    expect(upload.status()).toBe(201);
    const imageId = ((await upload.json()) as { data: { id: string } }).data.id;
    const created = await page.request.post(`${fx.app.url}/api/own-listings`, {
      headers,
      data: {
        listingType: 'product', title, description: 'A crisp lager for the browser test.', category: 'beer', productType: 'lager', style: 'pilsner',
        pricePackages: [{ packageType: 'can', size: 375, quantity: 24, priceCents: 6000, sku: '' }],
        location: { address: 'Healesville', state: 'VIC', postcode: '3777' }, pickupEnabled: true, imageIds: [imageId], stockQuantity,
      },
    });
    expect([title, created.status()]).toEqual([title, 201]);
    const draft = ((await created.json()) as { data: { id: string; slug: string; author: { id: string } } }).data;
    if (publish) {
      const published = await page.request.post(`${fx.app.url}/api/own-listings/${draft.id}/publish`, { headers });
      expect([title, published.status()]).toEqual([title, 200]);
    }
    return draft;
  }

  test('a supplier lists a service through the wizard with weekly availability; publishing with no stock warns first', async () => {
    const page = await newPage();
    await logIn(page, 'supplier@example.com');
    const serviceTitle = `Quokkacan${suffix} mobile canning`;
    await page.goto('/l/new');
    await stepHeading(page, 'Details');
    await page.getByRole('radio', { name: /A service/ }).check();
    const steps = page.getByRole('navigation', { name: 'Listing steps' });
    for (const name of ['Details', 'Pricing & Stock', 'Disclaimer', 'Location', 'Availability', 'Photos']) await steps.getByText(name, { exact: true }).waitFor();
    expect(await steps.getByText('Features', { exact: true }).count()).toBe(0);
    await page.getByLabel('Title').fill(serviceTitle);
    await page.getByLabel('Service category').selectOption('canning');
    await page.getByLabel('Description').fill('A mobile canning line at your brewery, crew included.');
    await saveAndContinue(page);

    await page.waitForURL(/\/draft\/pricing$/);
    const draftId = /\/([0-9a-f-]{36})\/draft\//.exec(page.url())?.[1] ?? '';
    expect(draftId).not.toBe('');
    await page.getByLabel('Price ex GST ($)').fill('450');
    // No stock yet: allowed, but the step says what that means once live.
    expect(await page.getByLabel('Units in stock').inputValue()).toBe('0');
    await page.getByText('No units in stock: once published, this listing won’t show in search').waitFor();
    await saveAndContinue(page);
    await page.waitForURL(/\/draft\/disclaimer$/);
    await saveAndContinue(page);
    await page.waitForURL(/\/draft\/location$/);
    await page.getByLabel('Address').fill('3 Canning Rd, Abbotsford');
    await page.getByLabel('State or territory').selectOption('VIC');
    await page.getByLabel('Postcode').fill('3067');
    await saveAndContinue(page);

    // Availability: each day's inputs are named after the day; a start after the end is refused.
    await page.waitForURL(/\/draft\/availability$/);
    await stepHeading(page, 'Availability');
    await page.getByRole('checkbox', { name: /^Monday/ }).check();
    await page.getByRole('checkbox', { name: /^Wednesday/ }).check();
    await page.getByLabel('From (Monday)', { exact: true }).fill('17:00');
    await page.getByLabel('Until (Monday)', { exact: true }).fill('09:00');
    expect(await page.getByLabel('From (Wednesday)', { exact: true }).inputValue()).toBe('09:00');
    await saveAndContinue(page);
    await alert(page, 'Choose a start time before the end time').waitFor();
    await page.getByLabel('From (Monday)', { exact: true }).fill('08:00');
    await page.getByLabel('Until (Monday)', { exact: true }).fill('16:00');
    await page.getByLabel('Bookings (Monday)', { exact: true }).fill('3');
    await axeCheck(page, 'wizard: availability');
    await saveAndContinue(page);
    await page.waitForURL(/\/draft\/photos$/);

    // The availability step fits a 375 px screen, one input a row.
    const mobile = await newPage({ width: 375, height: 812 });
    await logIn(mobile, 'supplier@example.com');
    await mobile.goto(`/l/x/${draftId}/draft/availability`);
    await mobile.getByLabel('Bookings (Monday)', { exact: true }).waitFor();
    expect(await mobile.getByLabel('Bookings (Monday)', { exact: true }).inputValue()).toBe('3');
    expect(await pageWidth(mobile)).toBeLessThanOrEqual(375);
    await shot(mobile, 'wizard-availability-mobile');

    // Photos: the move buttons keep keyboard focus through the save.
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'line.png', mimeType: 'image/png', buffer: await png('#4a6fa5') },
      { name: 'crew.png', mimeType: 'image/png', buffer: await png('#a54a6f') },
    ]);
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await until('two photos', async () => (await photos.count()) === 2, 30_000);
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Photo order saved.').waitFor();
    await until('focus on the moved photo’s button', async () => (await page.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")')) === 'Move photo 1 earlier');
    expect(await page.getByRole('button', { name: 'Move photo 1 earlier' }).getAttribute('aria-disabled')).toBe('true');
    await axeCheck(page, 'wizard: photos');

    // Publishing with no stock asks first; No keeps the draft, Publish anyway publishes.
    await page.getByText('This listing has no stock').waitFor();
    await page.getByRole('button', { name: 'Publish listing' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish with no stock?' });
    await confirm.waitFor();
    await shot(page, 'wizard-publish-no-stock');
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/draft\/photos$/);
    await page.getByRole('button', { name: 'Publish listing' }).click();
    await confirm.getByRole('button', { name: 'Publish anyway' }).click();
    await page.waitForURL(new RegExp(`/l/quokkacan[a-z0-9-]+/${draftId}$`));
    await page.getByText('Your listing is live.').waitFor();
    await page.getByRole('heading', { level: 1, name: serviceTitle }).waitFor();
  }, TIMEOUT);

  test('profile settings: deleted and error banners, actions on keyboard focus; manage listings past the last page; axe', async () => {
    const page = await newPage();
    await logIn(page, 'supplier@example.com');
    const doomedTitle = `Doomed Lager ${suffix}`;
    const goneTitle = `Vanished Lager ${suffix}`;
    await listingViaApi(page, doomedTitle, true);
    const gone = await listingViaApi(page, goneTitle, true);

    await page.goto('/profile-settings');
    await page.getByRole('heading', { level: 1, name: 'Profile settings' }).waitFor();
    const doomed = page.getByRole('article', { name: doomedTitle });
    await doomed.waitFor();
    await axeCheck(page, 'profile settings');

    // The actions are hidden until hover or keyboard focus, then shown.
    await page.mouse.move(0, 0);
    const bar = doomed.getByRole('group', { name: `Actions for ${doomedTitle}` });
    const opacity = () => bar.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { opacity: string } }).getComputedStyle(el).opacity);
    await until('actions hidden without hover or focus', async () => (await opacity()) === '0');
    await doomed.getByRole('link').first().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Edit');
    await until('actions shown on keyboard focus', async () => (await opacity()) === '1');

    // Delete: confirm, then the deleted banner (ProfilePageNew.deletedProduct).
    await bar.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this listing?' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.locator('[data-message-key="ProfilePageNew.deletedProduct"]').getByText('The product was deleted.').waitFor();
    await doomed.waitFor({ state: 'detached' });
    await shot(page, 'profile-settings-deleted');

    // Deleted meanwhile in another tab: deleting it here fails with the error banner (ProfilePageNew.haveError).
    const headers = { Origin: fx.app.url };
    expect((await page.request.post(`${fx.app.url}/api/own-listings/${gone.id}/close`, { headers })).status()).toBe(200);
    expect((await page.request.delete(`${fx.app.url}/api/own-listings/${gone.id}`, { headers })).status()).toBeLessThan(300);
    const goneTile = page.getByRole('article', { name: goneTitle });
    await goneTile.hover();
    await goneTile.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.locator('[data-message-key="ProfilePageNew.haveError"]').getByText('Something went wrong with that product.').waitFor();
    await shot(page, 'profile-settings-error');

    // Manage listings: axe, and a page past the end leads back to page 1.
    await page.goto('/listings');
    await page.getByRole('heading', { level: 1, name: 'My listings' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await axeCheck(page, 'manage listings');
    await page.goto('/listings?page=99');
    await page.getByText('There are no results on this page.').waitFor();
    expect(await page.getByText('You haven’t listed anything yet.').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to page 1' }).click();
    await page.waitForURL(/\/listings$/);
    await page.getByRole('article').first().waitFor();
  }, TIMEOUT);

  test('the landing page shows the categories and the featured suppliers', async () => {
    const page = await newPage();
    await page.goto('/');
    const categories = page.getByRole('region', { name: 'Shop by category' });
    await categories.getByRole('link', { name: /^Beer/ }).waitFor();
    expect(await categories.getByRole('link').count()).toBeGreaterThanOrEqual(9);
    // Up to 8 featured (LandingPage's FEATURED_COUNT); past that, a button shows all of them.
    const featured = page.getByRole('region', { name: 'Featured suppliers' });
    await featured.getByRole('link').first().waitFor();
    const showAll = featured.getByRole('button', { name: /^Show all [\d,]+ suppliers$/ });
    const shownFirst = await featured.getByRole('link').count();
    if ((await showAll.count()) > 0) {
      const total = Number(/[\d,]+/.exec((await showAll.textContent()) ?? '')?.[0].replace(/,/g, ''));
      expect(total).toBeGreaterThan(8);
      expect(shownFirst).toBe(8);
      expect(await showAll.getAttribute('aria-expanded')).toBe('false');
      await showAll.click();
      await until('every supplier shown', async () => (await featured.getByRole('link').count()) === total);
    } else {
      expect(shownFirst).toBeGreaterThanOrEqual(1);
      expect(shownFirst).toBeLessThanOrEqual(8);
    }
    await shot(page, 'landing');
    await categories.getByRole('link', { name: /^Beer/ }).click();
    await page.waitForURL(/\/s\?pub_category=beer$/);
  }, TIMEOUT);

  test('a draft’s preview address is the not-found page for anyone but its owner', async () => {
    const owner = await newPage();
    await logIn(owner, 'supplier@example.com');
    const title = `Secret Draft ${suffix}`;
    const draft = await listingViaApi(owner, title, false);
    const preview = `/l/${draft.slug}/${draft.id}/draft`;
    await owner.goto(preview);
    await owner.getByRole('heading', { level: 1, name: title }).waitFor();
    await owner.getByText('Draft preview.').waitFor();

    const other = await newPage();
    await logIn(other, 'buyer@example.com');
    await other.goto(preview);
    await other.getByRole('heading', { level: 1, name: /We couldn’t find that page/ }).waitFor();
    expect(await other.getByText(title).count()).toBe(0);
  }, TIMEOUT);

  test('the brand page lists sold-out products too, marked out of stock', async () => {
    const owner = await newPage();
    await logIn(owner, 'supplier@example.com');
    const title = `Soldout Saison ${suffix}`;
    const listing = await listingViaApi(owner, title, true, 0);
    const page = await newPage();
    await page.goto(`/u/${listing.author.id}`);
    const card = page.getByRole('region', { name: 'Products', exact: true }).getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await card.waitFor();
    const stock = card.locator('[data-stock-level]');
    expect(await stock.getAttribute('data-stock-level')).toBe('outOfStock');
    expect(await stock.textContent()).toContain('Out of stock');
    // Search still shows only listings with stock.
    await page.goto(`/s?keywords=${encodeURIComponent(`Soldout Saison ${suffix}`)}`);
    await page.getByRole('heading', { name: 'No listings match your search' }).waitFor();
  }, TIMEOUT);
});
