/**
 * A buyer's liquor licence through the gateway (ADR 042): set and read on the current user, each bad
 * field answered, buyers only; checkout (and its preview) of beer refused without one, accepted once set.
 */
import { randomUUID } from 'node:crypto';
import type { CartView, CheckoutOutcomeView, CurrentUser } from '@caskade/gateway/contract';
import { startApp, type TestApp } from '../support/app';
import { buyerSignup, supplierSignup } from '../support/accounts';
import { ApiSession } from '../support/http';

/** Yarra Valley Brewing asks a minimum order of 2 (demo data): a one-keg cart is bought elsewhere. */
const YARRA = 'Yarra Valley Brewing';

interface ErrorBody {
  errors: Array<{ status: number; code: string; meta?: { fields?: Record<string, string>; reason?: string; listingIds?: string[] } }>;
}

interface DemoListing {
  id: string;
  state: string;
  pickupEnabled: boolean;
  author: { brandName: string };
  currentStock: { quantity: number };
  visibleStates: string[];
}

let app: TestApp;
let beerId: string;

beforeAll(async () => {
  app = await startApp();
  // A demo beer (demo suppliers have sandbox payout accounts) with stock, served in Victoria.
  const page = await new ApiSession(app.url).get<{ data: { listings: DemoListing[] } }>('/api/listings?pub_category=beer&pub_state=VIC&perPage=100');
  beerId = page.body.data.listings.find((l) => l.state === 'published' && l.author.brandName !== YARRA && l.pickupEnabled && l.currentStock.quantity >= 5 && (l.visibleStates.length === 0 || l.visibleStates.includes('VIC')))?.id ?? '';
  expect(beerId).toMatch(/^[0-9a-f-]{36}$/);
}, 600_000);

afterAll(async () => {
  await app?.stop();
});

async function newBuyer(): Promise<ApiSession> {
  const s = new ApiSession(app.url);
  expect((await s.post('/api/auth/sign-up', buyerSignup(`licence-${randomUUID().slice(0, 8)}@example.com`))).status).toBe(201);
  return s;
}

describe('PUT /api/current-user/liquor-licence', () => {
  it('sets and replaces the licence; GET /api/current-user reads it', async () => {
    const s = await newBuyer();
    const before = await s.get<{ data: CurrentUser }>('/api/current-user');
    expect([before.body.data.profile.liquorLicenceNumber, before.body.data.profile.liquorLicenceState]).toEqual(['', '']);
    const set = await s.put<{ data: CurrentUser }>('/api/current-user/liquor-licence', { number: ' liqo660012345 ', state: 'NSW' });
    expect(set.status).toBe(200);
    expect([set.body.data.profile.liquorLicenceNumber, set.body.data.profile.liquorLicenceState]).toEqual(['LIQO660012345', 'NSW']);
    await s.put('/api/current-user/liquor-licence', { number: '32012345', state: 'VIC' });
    const after = await s.get<{ data: CurrentUser }>('/api/current-user');
    expect([after.body.data.profile.liquorLicenceNumber, after.body.data.profile.liquorLicenceState]).toEqual(['32012345', 'VIC']);
  }, 60_000);

  it('answers 400 validation-invalid-params with each bad field, and changes nothing', async () => {
    const s = await newBuyer();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ number: 'AB', state: 'VIC' }, { number: 'validation.liquorLicenceNumberInvalid' }],
      [{ number: 'LIQ 123', state: 'Victoria' }, { number: 'validation.liquorLicenceNumberInvalid', state: 'validation.stateInvalid' }],
      [{ number: '', state: '' }, { number: 'validation.required', state: 'validation.stateInvalid' }],
      [{ number: '<script>1</script>', state: 'QLD' }, { number: 'validation.liquorLicenceNumberInvalid' }],
    ];
    for (const [body, fields] of cases) {
      const res = await s.put<ErrorBody>('/api/current-user/liquor-licence', body);
      expect([res.status, res.body.errors[0]?.code, res.body.errors[0]?.meta?.fields]).toEqual([400, 'validation-invalid-params', fields]);
    }
    const missing = await s.put<ErrorBody>('/api/current-user/liquor-licence', { number: '12345' });
    expect([missing.status, missing.body.errors[0]?.code]).toEqual([400, 'validation-invalid-params']);
    const unknown = await s.put<ErrorBody>('/api/current-user/liquor-licence', { number: '12345', state: 'SA', verified: true });
    expect([unknown.status, unknown.body.errors[0]?.code]).toEqual([400, 'validation-invalid-params']);
    const user = await s.get<{ data: CurrentUser }>('/api/current-user');
    expect([user.body.data.profile.liquorLicenceNumber, user.body.data.profile.liquorLicenceState]).toEqual(['', '']);
  }, 60_000);

  it('is for signed-in buyers: 401 anonymous, 403 for a supplier', async () => {
    const anonymous = await new ApiSession(app.url).put<ErrorBody>('/api/current-user/liquor-licence', { number: '12345', state: 'SA' });
    expect(anonymous.status).toBe(401);
    const supplier = new ApiSession(app.url);
    expect((await supplier.post('/api/auth/sign-up', supplierSignup(`licence-sup-${randomUUID().slice(0, 8)}@example.com`, `Licence Sup ${randomUUID().slice(0, 4)}`))).status).toBe(201);
    const refused = await supplier.put<ErrorBody>('/api/current-user/liquor-licence', { number: '12345', state: 'SA' });
    expect([refused.status, refused.body.errors[0]?.code, refused.body.errors[0]?.meta?.reason]).toEqual([403, 'forbidden', 'buyers-only']);
  }, 60_000);
});

describe('checkout of liquor', () => {
  it('refuses beer (preview and purchase) with 403 transaction-liquor-licence-required until a licence is on file', async () => {
    const s = await newBuyer();
    const address = await s.post<{ data: { id: string } }>('/api/delivery-addresses', {
      name: 'Licence Bar', street: '2 Smith St', city: 'Fitzroy', state: 'VIC', postalCode: '3065', phone: '0412345678', email: 'bar@example.com',
    });
    expect(address.status).toBe(201);
    const added = await s.post<{ data: CartView }>('/api/cart', { listingId: beerId, packageIndex: 0, quantity: 1, deliveryMethod: 'pickup' });
    expect([added.status, added.body.data.suppliers[0]?.entries[0]?.requiresLiquorLicence]).toEqual([201, true]);
    const body = { deliveryAddressId: address.body.data.id, paymentMethodId: 'pm_card_visa' };
    const preview = await s.request<ErrorBody>('POST', '/api/initiate-privileged-from-cart', { ...body, isSpeculative: true });
    expect([preview.status, preview.body.errors[0]?.code, preview.body.errors[0]?.meta?.listingIds]).toEqual([403, 'transaction-liquor-licence-required', [beerId]]);
    const refused = await s.request<ErrorBody>('POST', '/api/initiate-privileged-from-cart', body, { 'idempotency-key': randomUUID() });
    expect([refused.status, refused.body.errors[0]?.code]).toEqual([403, 'transaction-liquor-licence-required']);

    expect((await s.put('/api/current-user/liquor-licence', { number: '32012345', state: 'VIC' })).status).toBe(200);
    const bought = await s.request<{ data: CheckoutOutcomeView }>('POST', '/api/initiate-privileged-from-cart', body, { 'idempotency-key': randomUUID() });
    expect([bought.status, bought.body.data.checkout?.orders.map((o) => o.lines.map((l) => l.listingId))]).toEqual([201, [[beerId]]]);
  }, 90_000);
});
