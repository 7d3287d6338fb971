/**
 * What a first-time supplier and visitor see, in Chromium on one embedded app (ADR 059): a supplier
 * logs in to its listings, saves its business info (a bad ABN answered on the field) and finds its
 * number with its leading zero; the listing wizard refuses a postcode of another state and the
 * banner goes once it is fixed, and offers a lager no stout; the contact page sends its form and
 * offers a mailto link; a limited-access login is told what it may do instead of a form it can't
 * submit; a service shows no stock level. Screenshots land in /tmp/shots (first-use-*.png).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { linkParam, supplierSignup, waitForMail } from '../support/accounts';
import { DEMO_PASSWORD, alertWith, chromiumGate, useBrowserApp, webBuildGate } from '../support/browser';

// Generous: the embedded app starts slowly on a busy shared machine.
const TIMEOUT = 600_000;

/** The en-AU wording the user must see (web/src/i18n). */
const SAYS = {
  abnInvalid: 'Enter a valid 11-digit ABN or 9-digit ACN.',
  infoSaved: 'Business info saved.',
  postcodeNotInState: 'This postcode isn’t in the chosen state. Check the postcode or the state.',
  fixFields: 'Please fix the highlighted fields.',
  required: 'This field is required.',
  contactSent: 'Thanks — your message is on its way. We’ll reply by email.',
  limitedTitle: 'What you can do with limited access',
};

describeWithServices('browser: first use', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'first-use-' });
  const { newPage, shot } = fx;

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  test('a supplier logs in to its listings, saves business info with its number kept whole, and the wizard checks postcode and style', async () => {
    const page = await newPage();
    const email = `first-${randomUUID().slice(0, 8)}@example.com`;
    const brand = `Firstbrew ${randomUUID().slice(0, 6)}`;
    const headers = { Origin: fx.app.url };
    expect((await page.request.post(`${fx.app.url}/api/auth/sign-up`, { headers, data: supplierSignup(email, brand) })).status()).toBe(201);
    // Verified, so the verification reminder (an unverified supplier with listings) stays away.
    const token = linkParam((await waitForMail(fx.app.url, email, 'verify-email')).text, 'token');
    expect((await page.request.post(`${fx.app.url}/api/auth/verify-email`, { headers, data: { token } })).status()).toBe(200);
    const draft = await page.request.post(`${fx.app.url}/api/own-listings`, { headers, data: { listingType: 'product', title: `${brand} Lager`, category: 'beer' } });
    expect(draft.status()).toBe(201);
    const draftId = ((await draft.json()) as { data: { id: string } }).data.id;
    await page.context().clearCookies();

    // Login sends a supplier to its listings, not the buyers' landing page.
    await logIn(page, email, 'correct horse battery');
    await page.waitForURL(`${fx.app.url}/listings`);
    // A supplier with a listing and no payout account is reminded to set one up (spec §4 "Reminders").
    const payoutReminder = page.getByRole('dialog', { name: 'Set up your payout account' });
    await payoutReminder.getByRole('button', { name: 'Later' }).click();
    await payoutReminder.waitFor({ state: 'hidden' });

    // Business info: a bad ABN is answered on its field; a good one saves; the number keeps its zero.
    await page.goto('/account/contact-details/info');
    await page.getByRole('heading', { level: 1, name: 'Business info' }).waitFor();
    const abn = page.getByLabel('ABN or ACN', { exact: true });
    await abn.fill('51 824 753 557');
    await page.getByLabel('Legal entity name').fill('Firstbrew Holdings Pty Ltd');
    await page.getByLabel('Business contact number').fill('0412345678');
    await page.getByRole('button', { name: 'Save business info' }).click();
    await alertWith(page, SAYS.abnInvalid).waitFor();
    await abn.fill('51 824 753 556');
    await page.getByRole('button', { name: 'Save business info' }).click();
    await page.getByText(SAYS.infoSaved).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Business info' }).waitFor();
    expect(await page.getByLabel('Business contact number').inputValue()).toBe('0412 345 678');
    expect(await page.getByLabel('Legal entity name').inputValue()).toBe('Firstbrew Holdings Pty Ltd');
    await shot(page, 'business-info');

    // Wizard, Details: a lager is offered lager styles only.
    await page.goto(`/l/x/${draftId}/draft/details`);
    await payoutReminder.getByRole('button', { name: 'Later' }).click(); // closing lasts until the path changes
    await page.getByLabel('Type', { exact: true }).selectOption('lager');
    const styles = await page.getByLabel('Style', { exact: true }).locator('option').allTextContents();
    expect(styles).toContain('Pilsner');
    expect(styles).not.toContain('Stout');

    // Location: a Victorian postcode in New South Wales is refused; fixing the state clears the error and the banner.
    await page.goto(`/l/x/${draftId}/draft/location`);
    await payoutReminder.getByRole('button', { name: 'Later' }).click(); // a new page load asks again
    await page.getByLabel('Address').fill('12 Brewery Lane, Healesville');
    await page.getByLabel('State or territory').selectOption('NSW');
    await page.getByLabel('Postcode').fill('3777');
    await page.getByRole('button', { name: 'Save & continue' }).click();
    await alertWith(page, SAYS.postcodeNotInState).waitFor();
    await alertWith(page, SAYS.fixFields).waitFor();
    await shot(page, 'wizard-postcode');
    await page.getByLabel('State or territory').selectOption('VIC');
    await alertWith(page, SAYS.postcodeNotInState).waitFor({ state: 'detached' });
    await alertWith(page, SAYS.fixFields).waitFor({ state: 'detached' });
  }, TIMEOUT);

  test('the contact page sends its form and offers a mailto link; a service shows no stock level', async () => {
    const page = await newPage();
    await page.goto('/contact-us');
    expect(await page.getByRole('link', { name: 'hello@caskade.com.au' }).getAttribute('href')).toBe('mailto:hello@caskade.com.au');
    const form = page.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send message' }).click();
    expect(await form.getByRole('alert').filter({ hasText: SAYS.required }).count()).toBeGreaterThanOrEqual(4);
    await form.getByLabel('Your name').fill('Ava Nguyen');
    await form.getByLabel('Email address').fill('ava@bar.example.com');
    await form.getByLabel('Subject').fill('Opening a wholesale account');
    await form.getByLabel('Message').fill('We pour local cider and want to stock more.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText(SAYS.contactSent).waitFor();
    await shot(page, 'contact');

    const services = (await (await page.request.get(`${fx.app.url}/api/listings?pub_services=canning&perPage=1`)).json()) as { data: { listings: Array<{ id: string; title: string }> } };
    const service = services.data.listings[0];
    expect(service?.title ?? '').toMatch(/\S/);
    await page.goto(`/l/${service?.id ?? ''}`);
    await page.getByRole('heading', { level: 1, name: service?.title ?? '' }).waitFor();
    expect(await page.locator('[data-stock-level]').count()).toBe(0);
    // A service is given where its supplier is based: nothing "ships or collects".
    await page.getByText(/^Based in \S/).waitFor();
    expect(await page.getByText('Ships or collects from', { exact: false }).count()).toBe(0);
  }, TIMEOUT);

  test('a limited-access login is told what it may do instead of a password form it could not submit', async () => {
    const page = await newPage();
    await logIn(page, 'limited@example.com', DEMO_PASSWORD);
    await page.waitForURL(`${fx.app.url}/`);
    await page.goto('/account/change-password');
    await page.getByRole('heading', { level: 2, name: SAYS.limitedTitle }).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);
  }, TIMEOUT);
});
