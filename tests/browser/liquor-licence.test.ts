/**
 * The liquor-licence rule in the browser (ADR 042), on one embedded app: a new buyer without a
 * licence whose cart holds a demo beer is asked for one at checkout (with the server's refusal
 * shown), adds it inline, pays by card and reaches the confirmation; the account page shows the
 * licence on file. Screenshots land in /tmp/shots (liquor-*.png).
 */
import { randomUUID } from 'node:crypto';
import { describeWithServices, pgliteService } from '@caskade/kit/testing';
import { buyerSignup } from '../support/accounts';
import { alertWith, axeSeriousViolations, chromiumGate, useBrowserApp, webBuildGate } from '../support/browser';

// Generous: the embedded app starts slowly on a busy shared machine.
const TIMEOUT = 600_000;

/** The en-AU wording the user must see (web/src/i18n/liquorLicenceMessages.ts and messages.ts). */
const SAYS = {
  refused: 'Alcoholic products can only be sold to a business with a liquor licence. Add your liquor licence number and state to buy them.',
  prompt: 'Your order includes alcoholic products. Add your liquor licence to buy them — it’s saved to your account.',
  numberInvalid: 'Enter your licence number as printed: 3 to 30 letters, digits, - or /.',
  saved: 'Your liquor licence is saved.',
};

/** Yarra Valley Brewing asks a minimum order of 2 (demo data): a one-keg cart is bought elsewhere. */
const YARRA = 'Yarra Valley Brewing';

interface ApiListing {
  id: string;
  state: string;
  category: string;
  pickupEnabled: boolean;
  author: { brandName: string };
  currentStock: { quantity: number };
  visibleStates: string[];
}

describeWithServices('browser: liquor licence at checkout', [chromiumGate, webBuildGate, pgliteService()], ({ beforeAll, afterAll, afterEach, test }) => {
  const fx = useBrowserApp({ beforeAll, afterAll, afterEach }, { timeout: TIMEOUT, shotPrefix: 'liquor-', bypassCSP: true });
  const { newPage, shot } = fx;

  test('a buyer without a licence is asked for one at checkout, adds it there and checks out', async () => {
    const page = await newPage();
    const api = async <T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> => {
      const res = await page.request[method](`${fx.app.url}${path}`, { headers: { Origin: fx.app.url }, ...(data === undefined ? {} : { data }) });
      const body = (await res.json()) as { data: T };
      expect([path, res.ok()]).toEqual([path, true]);
      return body.data;
    };
    const email = `liquor-${randomUUID().slice(0, 8)}@example.com`;
    await api('post', '/api/auth/sign-up', buyerSignup(email));
    await api('post', '/api/delivery-addresses', { name: 'Licence Bar', street: '214 Brunswick Street', city: 'Fitzroy', state: 'VIC', postalCode: '3065', phone: '0412345678', email });
    const beers = await api<{ listings: ApiListing[] }>('get', '/api/listings?pub_category=beer&pub_state=VIC&perPage=100');
    const beer = beers.listings.find((l) => l.state === 'published' && l.category === 'beer' && l.author.brandName !== YARRA && l.pickupEnabled && l.currentStock.quantity >= 5 && (l.visibleStates.length === 0 || l.visibleStates.includes('VIC')));
    expect(beer?.category).toBe('beer');
    await api('post', '/api/cart', { listingId: beer?.id, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });

    await page.goto('/checkout-multi-suppliers');
    const prompt = page.getByRole('region', { name: 'Liquor licence needed' });
    await prompt.getByText(SAYS.prompt).waitFor();
    // The server refused the summary for want of a licence: its message is shown, and paying is not offered.
    await alertWith(page, SAYS.refused).waitFor();
    // With nothing priced the button says "Place order"; it stays disabled.
    expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);
    expect(await prompt.getByRole('link', { name: 'Manage it in your account' }).getAttribute('href')).toBe('/account/contact-details');
    await shot(page, 'prompt');
    expect(await axeSeriousViolations(page)).toEqual([]);

    // A malformed number is answered inline; then a good one is saved and the summary comes back.
    await prompt.getByLabel('Licence number').fill('no spaces');
    await prompt.getByLabel('Issuing state or territory').selectOption('VIC');
    await prompt.getByRole('button', { name: 'Save licence' }).click();
    await prompt.getByText(SAYS.numberInvalid).waitFor();
    await prompt.getByLabel('Licence number').fill('32012345');
    await prompt.getByRole('button', { name: 'Save licence' }).click();
    await prompt.getByText(SAYS.saved).waitFor();
    expect(await prompt.getByTestId('liquor-licence-on-file').textContent()).toBe('On file: 32012345 (VIC)');
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await pay.waitFor();
    await page.locator('button[type="submit"]:not([disabled])').filter({ hasText: /^Pay \$/ }).waitFor();

    await page.getByRole('button', { name: 'Fill in from the delivery address' }).click();
    await page.getByRole('radio', { name: 'New card' }).check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await pay.click();
    await page.waitForURL(/\/checkout-complete\/[0-9a-f-]{36}$/);
    await shot(page, 'complete');

    // The account page shows the licence on file.
    await page.goto('/account/contact-details');
    const section = page.getByRole('region', { name: 'Liquor licence' });
    expect(await section.getByTestId('liquor-licence-on-file').textContent()).toBe('On file: 32012345 (VIC)');
    expect(await section.getByLabel('Licence number').inputValue()).toBe('32012345');
  }, TIMEOUT);
});
