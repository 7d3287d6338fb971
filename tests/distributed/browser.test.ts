/**
 * The web app against the distributed mode: the gateway, identity, notifications and catalog each
 * their own process on PostgreSQL, NATS JetStream and Redis, driven in Chromium. A supplier signs up
 * in the browser, verifies through the operator's mailbox (the email crosses NATS), publishes a
 * listing; a buyer finds it from the top bar and opens it; the supplier logs out.
 */
import sharp from 'sharp';
import { chromium, type Browser, type Page } from 'playwright-core';
import { recordSkip, servicesRequired } from '@caskade/kit/testing';
import { linkParam, supplierSignup, waitForMail } from '../support/accounts';
import { chromiumGate, CHROMIUM, webBuildGate } from '../support/browser';
import { ApiSession } from '../support/http';
import { useDistributedApp } from '../support/distributed';

const SUITE = 'distributed browser suite';
const OPERATOR = { email: 'operator@example.com', password: 'Operator-pass-2026' };
const fixture = useDistributedApp(SUITE, { operator: OPERATOR });
const run = Date.now().toString(36);
const TITLE = `Quokka Kölsch ${run}`;

let browser: Browser | null = null;
const pageErrors: string[] = [];

beforeAll(async () => {
  // Without Chromium or a web build the gates print SKIPPED (a failure under CI) and no browser starts.
  if ((await chromiumGate.available(SUITE)) && (await webBuildGate.available(SUITE))) browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function newPage(baseURL: string): Promise<Page> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ baseURL, locale: 'en-AU', timezoneId: 'Australia/Melbourne', viewport: { width: 1280, height: 900 } });
  // The cookie notice is the shell's own; accept it up front so it covers nothing.
  await context.addCookies([{ name: 'caskade_cookie_consent', value: '1', url: baseURL }]);
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  return page;
}

describe('distributed: the web app in Chromium', () => {
  it('a supplier signs up and verifies in the browser, lists a product that a buyer finds and opens', async () => {
    const app = fixture.app;
    if (!app || !browser) {
      if (!servicesRequired()) recordSkip(`${SUITE} (browser or services)`);
      return;
    }
    const email = `kolsch-${run}@example.com`;
    const brand = `Quokka ${run}`;
    const details = supplierSignup(email, brand);

    // Sign-up in the browser: the supplier form, then the verification email from the mailbox.
    const page = await newPage(app.url);
    await page.goto('/signup/supplier');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const [label, value] of [
      ['Email address', details.email], ['First name', details.firstName], ['Last name', details.lastName], ['Phone number', details.phoneNumber],
      ['Favourite drink', details.favouriteDrink], ['Brand name', details.brandName], ['Business name', details.businessName],
      ['Company name', details.companyName], ['Legal entity name', details.legalEntityName], ['ABN or ACN', details.abnAcn],
      ['Business contact number', details.contactNumber], ['Wholesale liquor licence number', details.wholesaleLiquorLicence],
      ['Business address', details.address],
    ] as const) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByLabel('Password', { exact: true }).fill(details.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(details.password);
    await page.getByLabel(/I accept the/).check();
    // The live checks (email, brand, business name) answer through the gateway from identity.
    await page.getByText('Available', { exact: true }).nth(2).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify-email$/);
    await page.getByText(`We sent a verification link to ${email}`).waitFor();

    const mail = await waitForMail(app.url, email, 'verify-email', { operator: OPERATOR, timeoutMs: 30_000 });
    await page.goto(`/verify-email?token=${encodeURIComponent(linkParam(mail.text, 'token'))}`);
    await page.getByText('Thanks, your email address is verified.').waitFor({ timeout: 20_000 });

    // The listing goes in through the API with the same session cookie (the wizard has its own suite).
    const session = new ApiSession(app.url);
    for (const cookie of await page.context().cookies()) session.setCookie(cookie.name, cookie.value);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d4a017' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'kolsch.png');
    const uploaded = await fetch(`${app.url}/api/images`, { method: 'POST', body: form, headers: { cookie: `caskade_at=${session.cookie('caskade_at') ?? ''}` } });
    expect(uploaded.status).toBe(201);
    const imageId = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const created = await session.post<{ data: { id: string } }>('/api/own-listings', {
      listingType: 'product', title: TITLE, description: 'A bright, crisp ale brewed by the river.', category: 'beer', productType: 'ale', style: 'pale-ale',
      pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents: 31_000 }], location: { address: 'Perth WA', state: 'WA', postcode: '6000' },
      pickupEnabled: true, imageIds: [imageId], stockQuantity: 40,
    });
    expect(created.status).toBe(201);
    expect((await session.post(`/api/own-listings/${created.body.data.id}/publish`)).status).toBe(200);

    // A visitor finds it from the top bar and opens it: price with GST, in stock.
    const buyer = await newPage(app.url);
    await buyer.goto('/about');
    await buyer.getByRole('banner').getByRole('searchbox').fill(`quokka ${run}`);
    await buyer.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const results = buyer.getByRole('region', { name: 'Search results' });
    await results.getByRole('link', { name: TITLE }).click();
    await buyer.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await buyer.getByText('$341.00', { exact: true }).first().waitFor();
    await buyer.getByText('In stock').first().waitFor();

    // With a live listing and no payout account yet, the supplier is reminded to set one up (payments answers through the gateway).
    await page.goto('/about');
    const payoutReminder = page.getByRole('dialog', { name: 'Set up your payout account' });
    await payoutReminder.getByRole('button', { name: 'Later' }).click();
    await payoutReminder.waitFor({ state: 'hidden' });
    // The supplier logs out from the profile menu and lands on the landing page, signed out.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.locator('header').getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The access token is stateless until it expires; the session behind it is gone: no refresh.
    expect((await session.post('/api/auth/refresh')).status).toBe(401);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
