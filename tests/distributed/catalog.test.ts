import sharp from 'sharp';
import { ApiSession } from '../support/http';
import { useDistributedApp } from '../support/distributed';

const PASSWORD = 'correct horse battery';

interface Listing {
  id: string;
  slug: string;
  state: string;
  images: Array<{ id: string; variants: Record<string, { url: string }> }>;
  author: { id: string; brandName: string };
}

const fixture = useDistributedApp('distributed catalog suite');

async function signUpSupplier(url: string, email: string): Promise<ApiSession> {
  const s = new ApiSession(url);
  const res = await s.post('/api/auth/sign-up', {
    userType: 'supplier', email, password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'Cleo', lastName: 'Cellar', abnAcn: '53 004 085 616',
    phoneNumber: '0412345678', companyName: `Cleo Cellars ${email}`, brandName: `Cleo Cellars ${email}`, businessName: `Cleo Cellars Pty Ltd ${email}`,
    legalEntityName: 'Cleo Holdings', address: '1 Vine St, Clare SA 5453', contactNumber: '0888000000', agreeTermsAndConditions: true,
  });
  expect(res.status).toBe(201);
  return s;
}

describe('distributed: the catalog as its own process', () => {
  fixture.test('runs the catalog as its own process behind the gateway', async (app) => {
    expect([...app.processes.keys()]).toEqual(expect.arrayContaining(['identity', 'notifications', 'catalog', 'gateway']));
  });

  fixture.test('publishes a listing with a photo that buyers find, and closes it when its supplier deletes the account', async (app) => {
    const url = app.url;
    const supplier = await signUpSupplier(url, 'cleo@example.com');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#722f37' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'riesling.png');
    const uploaded = await fetch(`${url}/api/images`, { method: 'POST', body: form, headers: { cookie: `caskade_at=${supplier.cookie('caskade_at') ?? ''}` } });
    expect(uploaded.status).toBe(201);
    const image = ((await uploaded.json()) as { data: { id: string } }).data;
    const created = await supplier.post<{ data: Listing }>('/api/own-listings', {
      listingType: 'product', title: 'Slate Hill Riesling 2023', description: 'Bone dry, lime and slate.', category: 'wine', productType: 'white', style: 'dry',
      pricePackages: [{ packageType: 'bottle', size: 750, quantity: 12, priceCents: 26_400 }], location: { address: 'Clare SA', state: 'SA', postcode: '5453' },
      shippingEnabled: true, imageIds: [image.id], stockQuantity: 40,
    });
    expect(created.status).toBe(201);
    const published = await supplier.post<{ data: Listing }>(`/api/own-listings/${created.body.data.id}/publish`);
    expect(published.body.data.state).toBe('published');
    const buyer = new ApiSession(url);
    const found = await buyer.get<{ data: { listings: Listing[] } }>('/api/listings?keywords=slate%20riesling&pub_category=wine');
    expect(found.body.data.listings.map((l) => l.id)).toEqual([created.body.data.id]);
    const card = await fetch(`${url}${found.body.data.listings[0]?.images[0]?.variants['listing-card']?.url ?? ''}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');

    // A brand rename travels as identity.user.profile_changed: search finds the listing by the new name.
    const newBrand = `Wombat Ridge ${Date.now().toString(36)}`;
    expect((await supplier.put('/api/current-user/profile', { brandName: newBrand })).status).toBe(200);
    const renameDeadline = Date.now() + 20_000;
    let byBrand: Listing[] = [];
    while (byBrand.length === 0 && Date.now() < renameDeadline) {
      byBrand = (await buyer.get<{ data: { listings: Listing[] } }>(`/api/listings?keywords=${encodeURIComponent(`wombat ridge riesling`)}`)).body.data.listings;
      if (byBrand.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(byBrand.map((l) => l.id)).toEqual([created.body.data.id]);
    expect(byBrand[0]?.author.brandName).toBe(newBrand);

    // Sold out: gone from search, still on the brand page with includeSoldOut (the new request field crosses gRPC).
    const id = created.body.data.id;
    const authorId = created.body.data.author.id;
    expect((await supplier.put(`/api/own-listings/${id}/stock`, { oldTotal: 40, newTotal: 0 })).status).toBe(200);
    const brandPage = (extra: string) => buyer.get<{ data: { listings: Array<Listing & { stockLevel: string }> } }>(`/api/listings?pub_brand=${authorId}&sort=createdAt${extra}`);
    expect((await brandPage('')).body.data.listings.map((l) => l.id)).not.toContain(id);
    expect((await brandPage('&includeSoldOut=true')).body.data.listings.map((l) => [l.id, l.stockLevel])).toEqual([[id, 'outOfStock']]);
    expect((await buyer.get(`/api/listings?includeSoldOut=true`)).status).toBe(400);

    // identity.user.deleted travels over NATS JetStream to the catalog's durable consumer.
    expect((await supplier.post('/api/user/delete', { currentPassword: PASSWORD })).status).toBe(204);
    const deadline = Date.now() + 20_000;
    let state = 'published';
    while (state !== 'closed' && Date.now() < deadline) {
      state = (await buyer.get<{ data: Listing }>(`/api/listings/${created.body.data.id}`)).body.data.state;
      if (state !== 'closed') await new Promise((r) => setTimeout(r, 200));
    }
    expect(state).toBe('closed');
    expect((await buyer.get<{ data: { listings: Listing[] } }>('/api/listings?keywords=slate%20riesling')).body.data.listings).toHaveLength(0);
  }, 90_000);

  fixture.test('one service down takes out only its routes: the gateway stays ready, catalog answers 503 fast and 200 within 2 s of serving again', async (app) => {
    let asked = 0;
    const listings = async () => {
      const started = Date.now();
      // Each time a page the gateway's response cache has not answered (docs/decisions/064), so the catalog itself is asked.
      asked += 1;
      const status = (await fetch(`${app.url}/api/listings?perPage=1&page=${asked}`)).status;
      return { status, ms: Date.now() - started };
    };
    const identityRoute = async () => (await fetch(`${app.url}/api/brands/scan-valid-name?name=${encodeURIComponent('Nobody Brewing')}`)).status;
    expect((await listings()).status).toBe(200);
    await app.crash('catalog');
    const down = await listings();
    expect(down.status).toBe(503);
    expect(down.ms).toBeLessThan(1000);
    expect(await identityRoute()).toBe(200);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { status: string }).status).toBe('degraded');
    await app.restart('catalog'); // returns once catalog's health check says SERVING
    const serving = Date.now();
    let back = await listings();
    while (back.status !== 200 && Date.now() - serving < 5000) {
      await new Promise((r) => setTimeout(r, 50));
      back = await listings();
    }
    expect(back.status).toBe(200);
    expect(Date.now() - serving).toBeLessThanOrEqual(2000);
    expect(((await (await fetch(`${app.url}/readyz`)).json()) as { status: string }).status).toBe('ready');
  }, 60_000);
});
