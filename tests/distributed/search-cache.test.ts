/**
 * The gateway's response cache (docs/decisions/064) on PostgreSQL with the services as their own
 * processes and two gateways: anonymous searches and listing pages answered from memory by one
 * gateway still show a publish, a stock change and a close made through the other within 1 s; a signed-in caller never gets the anonymous answer; a draft
 * is never answered to anyone else; bad input still answers 400; every anonymous view of a published
 * listing's page is counted once, whether the catalog or the gateway's cache answered it.
 */
import pg from 'pg';
import sharp from 'sharp';
import { ApiSession } from '../support/http';
import { useDistributedApp } from '../support/distributed';

const PASSWORD = 'correct horse battery';

interface Listing {
  id: string;
  state: string;
  title: string;
  allowedTransitions: string[];
  currentStock: { quantity: number };
}
interface Page {
  listings: Listing[];
  pagination: { totalItems: number };
}

// Two gateways: writes go through the first, anonymous reads through the second, which hears of them
// only by the catalog's events (or, failing those, by its cache's age).
const fixture = useDistributedApp('distributed search cache suite', { extraGateways: 1 });

async function signUpSupplier(url: string, email: string): Promise<ApiSession> {
  const s = new ApiSession(url);
  const res = await s.post('/api/auth/sign-up', {
    userType: 'supplier', email, password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'Tess', lastName: 'Tank', abnAcn: '53 004 085 616',
    phoneNumber: '0412345678', companyName: `Tess Tanks ${email}`, brandName: `Tess Tanks ${email}`, businessName: `Tess Tanks Pty Ltd ${email}`,
    legalEntityName: 'Tess Holdings', address: '2 Hop St, Ballarat VIC 3350', contactNumber: '0353000000', agreeTermsAndConditions: true,
  });
  expect(res.status).toBe(201);
  return s;
}

async function draft(url: string, supplier: ApiSession, title: string): Promise<Listing> {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d4a017' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'lager.png');
  const uploaded = await fetch(`${url}/api/images`, { method: 'POST', body: form, headers: { cookie: `caskade_at=${supplier.cookie('caskade_at') ?? ''}` } });
  expect(uploaded.status).toBe(201);
  const image = ((await uploaded.json()) as { data: { id: string } }).data;
  const created = await supplier.post<{ data: Listing }>('/api/own-listings', {
    listingType: 'product', title, description: 'Crisp and cold.', category: 'beer', productType: 'lager', style: 'pilsner',
    pricePackages: [{ packageType: 'bottle', size: 330, quantity: 24, priceCents: 7_200 }], location: { address: 'Ballarat VIC', state: 'VIC', postcode: '3350' },
    shippingEnabled: true, imageIds: [image.id], stockQuantity: 6,
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

describe('distributed: the gateway response cache', () => {
  fixture.test('shows a publish, a stock change and a close to anonymous search within 1 s; never answers a signed-in caller or a draft from it', async (app) => {
    const url = app.url;
    expect(app.gatewayUrls).toHaveLength(2);
    const readUrl = app.gatewayUrls[1] ?? '';
    expect(readUrl).not.toBe(url);
    const supplier = await signUpSupplier(url, 'tess@example.com');
    const tag = `zc${Date.now().toString(36)}`;
    const anonGet = async <T>(path: string) => {
      const res = await fetch(`${readUrl}${path}`);
      return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as { data: T } };
    };
    const search = async () => (await anonGet<Page>(`/api/listings?keywords=${tag}`)).body.data.listings;
    /** How long until `seen` holds for the anonymous search (at most 1 s is allowed; waits up to 5 s to report how long). */
    const within = async (seen: (found: Listing[]) => boolean): Promise<number> => {
      const started = Date.now();
      while (!seen(await search()) && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50));
      return Date.now() - started;
    };

    const listing = await draft(url, supplier, `${tag} Goldfields Pilsner`);
    // A draft is its owner's alone: anonymous reads answer 404 every time (nothing kept), the owner sees it.
    expect((await anonGet(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await anonGet(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await supplier.get<{ data: Listing }>(`/api/listings/${listing.id}`)).body.data.state).toBe('draft');

    // The same anonymous search twice: the same answer (kept by the gateway), empty for now.
    const first = await anonGet<Page>(`/api/listings?keywords=${tag}`);
    const second = await anonGet<Page>(`/api/listings?keywords=${tag}`);
    expect([first.status, first.body.data.listings, second.etag]).toEqual([200, [], first.etag]);

    expect((await supplier.post(`/api/own-listings/${listing.id}/publish`)).status).toBe(200);
    expect(await within((found) => found.some((l) => l.id === listing.id))).toBeLessThanOrEqual(1000);
    const page = await anonGet<Listing>(`/api/listings/${listing.id}`);
    expect([page.body.data.state, page.body.data.currentStock.quantity, page.body.data.allowedTransitions]).toEqual(['published', 6, []]);
    for (let i = 0; i < 4; i++) expect((await anonGet<Listing>(`/api/listings/${listing.id}`)).body.data.id).toBe(listing.id); // mostly from the gateway's memory
    // The owner, signed in, gets their own view (what they may do with it), not the anonymous one.
    expect((await supplier.get<{ data: Listing }>(`/api/listings/${listing.id}`)).body.data.allowedTransitions).toContain('close');

    expect((await supplier.put(`/api/own-listings/${listing.id}/stock`, { oldTotal: 6, newTotal: 2 })).status).toBe(200);
    expect(await within((found) => found[0]?.currentStock.quantity === 2)).toBeLessThanOrEqual(1000);
    expect((await anonGet<Listing>(`/api/listings/${listing.id}`)).body.data.currentStock.quantity).toBe(2);

    expect((await supplier.post(`/api/own-listings/${listing.id}/close`)).status).toBe(200);
    expect(await within((found) => found.length === 0)).toBeLessThanOrEqual(1000);
    expect((await anonGet<Listing>(`/api/listings/${listing.id}`)).body.data.state).toBe('closed');

    // Six anonymous views while it was published (the closed page is not a view), counted by the
    // catalog (misses) and the gateway (hits) and written in batches every 2 s.
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const views = async () => (await db.query<{ n: number }>('select coalesce(sum(views), 0)::int as n from catalog.listing_page_views where listing_id = $1', [listing.id])).rows[0]?.n;
      const deadline = Date.now() + 15_000;
      while ((await views()) !== 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(await views()).toBe(6);
    } finally {
      await db.end();
    }

    // Bad input is checked on every request, cached or not.
    for (let i = 0; i < 2; i++) {
      const bad = await fetch(`${readUrl}/api/listings?sort=cheapest`);
      expect([bad.status, ((await bad.json()) as { errors: Array<{ code: string }> }).errors[0]?.code]).toEqual([400, 'validation-invalid-params']);
    }
  }, 90_000);
});
