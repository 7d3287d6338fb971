import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { corruptPngImageData, describeWithServices } from '@caskade/kit/testing';
import { generateSigningKey, signingKeyFromJwk } from '@caskade/kit';
import { ACCESS_KEY_FILE } from '../../scripts/embedded';
import { startApp, type TestApp } from '../support/app';
import { ApiSession, type ApiResponse } from '../support/http';
import { webBuildGate } from '../support/browser';

interface ErrorBody {
  errors: Array<{ status: number; code: string; title: string; meta?: { fields?: Record<string, string>; currentTotal?: number } }>;
}
interface ImageBody {
  id: string;
  variants: Record<string, { url: string; width: number; height: number }>;
}
interface Listing {
  id: string;
  slug: string;
  state: string;
  title: string;
  listingType: string;
  category: string;
  collection: string;
  pricePackages: unknown[];
  price: { amount: number; currency: string } | null;
  currentStock: { quantity: number };
  stockLevel: string;
  images: ImageBody[];
  author: { id: string; brandName: string };
  version: number;
}
interface Page {
  listings: Listing[];
  pagination: { page: number; perPage: number; totalItems: number; totalPages: number };
}

const PASSWORD = 'Caskade-demo-2026';
let app: TestApp;
let anon: ApiSession;
let buyer: ApiSession;
let supplier: ApiSession;
let rival: ApiSession;
let newcomer: ApiSession;
let operator: ApiSession;
let png: Buffer;

async function login(email: string): Promise<ApiSession> {
  const s = new ApiSession(app.url);
  const res = await s.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return s;
}

async function upload(s: ApiSession, data: Buffer, name: string, type: string): Promise<ApiResponse<{ data: ImageBody } & Partial<ErrorBody>>> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type }), name);
  const token = s.cookie('caskade_at');
  const res = await fetch(`${app.url}/api/images`, { method: 'POST', body: form, headers: token ? { cookie: `caskade_at=${token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const fields = (title: string, imageIds: string[], priceCents = 25_000) => ({
  listingType: 'product', title, description: `${title}: brewed for the trade.`, category: 'beer', productType: 'ale', style: 'ipa',
  attributes: { alcoholicPercent: 6.2, colour: 'Gold', malts: 'Pale', hops: 'Galaxy', vegan: true },
  pricePackages: [{ packageType: 'keg', size: 50, quantity: 1, priceCents, sku: 'K50' }, { packageType: 'can', size: 375, quantity: 24, priceCents: priceCents / 2 }],
  location: { address: 'Healesville VIC', state: 'VIC', postcode: '3777' }, pickupEnabled: true, shippingEnabled: true, imageIds,
});

async function publishedListing(s: ApiSession, title: string, priceCents = 25_000, stock = 15): Promise<Listing> {
  const image = await upload(s, png, 'photo.png', 'image/png');
  expect(image.status).toBe(201);
  const created = await s.post<{ data: Listing }>('/api/own-listings', { ...fields(title, [image.body.data.id], priceCents), stockQuantity: stock });
  expect(created.status).toBe(201);
  const published = await s.post<{ data: Listing }>(`/api/own-listings/${created.body.data.id}/publish`);
  expect(published.status).toBe(200);
  return published.body.data;
}

beforeAll(async () => {
  app = await startApp();
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } }).png().toBuffer();
  anon = new ApiSession(app.url);
  [buyer, supplier, rival, newcomer, operator] = await Promise.all([
    login('buyer@example.com'), login('supplier@example.com'), login('hop-hill-brewing@suppliers.example.com'), login('newsupplier@example.com'), login('operator@example.com'),
  ]);
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

describe('catalog through the gateway', () => {
  it('serves the seeded demo catalog: 300+ listings, 30+ brands, every category', async () => {
    const all = await anon.get<{ data: Page }>('/api/listings');
    expect(all.status).toBe(200);
    expect(all.body.data.pagination.perPage).toBe(24);
    expect(all.body.data.listings).toHaveLength(24);
    expect(all.body.data.pagination.totalItems).toBeGreaterThanOrEqual(250);
    const brands = await anon.get<{ data: Array<{ id: string; brandName: string; publishedListings: number }> }>('/api/brands');
    expect(brands.body.data.length).toBeGreaterThanOrEqual(30);
    // The card view (landing page, supplier filter): the same brands, a fraction of the bytes; an unknown view is refused.
    const cards = await fetch(`${app.url}/api/brands?view=card`);
    const cardText = await cards.text();
    expect(cards.status).toBe(200);
    expect((JSON.parse(cardText) as { data: Array<{ id: string }> }).data.map((b) => b.id)).toEqual(brands.body.data.map((b) => b.id));
    expect(cardText.length * 3).toBeLessThan(JSON.stringify(brands.body).length);
    expect((await anon.get('/api/brands?view=everything')).status).toBe(400);
    for (const category of ['beer', 'cider', 'low-alcohol', 'mixer', 'rtd', 'spirit', 'wellness', 'wine', 'zero-alcohol']) {
      const res = await anon.get<{ data: Page }>(`/api/listings?pub_category=${category}&perPage=1`);
      expect(res.body.data.pagination.totalItems).toBeGreaterThan(0);
    }
    for (const service of ['canning', 'kegs', 'gas', 'design_building', 'glassware', 'hops_malts_yeast', 'ice', 'wine_protection', 'logistics', 'packaging', 'merch', 'cork', 'contract_brewing']) {
      const res = await anon.get<{ data: Page }>(`/api/listings?pub_services=${service}&perPage=1`);
      expect(res.body.data.pagination.totalItems).toBeGreaterThan(0);
    }
    const first = all.body.data.listings[0];
    const image = await fetch(`${app.url}${first?.images[0]?.variants['listing-card']?.url ?? ''}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(image.headers.get('vary')).toBe('Accept');
    // The same URL as WebP to a browser that takes it (ADR 067); a refused or wildcard-only WebP stays JPEG.
    const url = `${app.url}${first?.images[0]?.variants['listing-card']?.url ?? ''}`;
    const webp = await fetch(url, { headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } });
    expect([webp.status, webp.headers.get('content-type'), webp.headers.get('vary')]).toEqual([200, 'image/webp', 'Accept']);
    expect(Buffer.from(await webp.arrayBuffer()).subarray(8, 12).toString('latin1')).toBe('WEBP');
    for (const accept of ['image/*,*/*;q=0.8', 'image/webp;q=0, image/jpeg']) {
      expect((await fetch(url, { headers: { accept } })).headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('lets a supplier create, publish and manage a listing that buyers find by keyword, category and price sort', async () => {
    const image = await upload(supplier, png, 'keg.png', 'image/png');
    expect(image.status).toBe(201);
    expect(Object.keys(image.body.data.variants)).toEqual(expect.arrayContaining(['scaled-400', 'scaled-800', 'scaled-1600', 'scaled-2400', 'listing-card', 'listing-card-2x']));
    const draft = await supplier.post<{ data: Listing }>('/api/own-listings', { title: 'Quokka Quencher IPA' });
    expect(draft.status).toBe(201);
    expect(draft.body.data).toMatchObject({ state: 'draft', slug: 'quokka-quencher-ipa', price: null });
    const id = draft.body.data.id;
    const incomplete = await supplier.post<ErrorBody>(`/api/own-listings/${id}/publish`);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors[0]?.meta?.fields).toMatchObject({ imageIds: 'validation.imagesRequired', pricePackages: 'validation.pricePackagesRequired' });
    const { title: _title, imageIds: _ids, listingType: _type, ...rest } = fields('x', []);
    const updated = await supplier.put<{ data: Listing }>(`/api/own-listings/${id}`, rest);
    expect(updated.status).toBe(200);
    expect(updated.body.data.title).toBe('Quokka Quencher IPA');
    expect((await supplier.post<{ data: Listing }>(`/api/own-listings/${id}/images`, { imageId: image.body.data.id })).body.data.images).toHaveLength(1);
    expect((await supplier.put<{ data: Listing }>(`/api/own-listings/${id}/stock`, { oldTotal: 0, newTotal: 12 })).body.data.currentStock.quantity).toBe(12);
    const published = await supplier.post<{ data: Listing }>(`/api/own-listings/${id}/publish`);
    expect(published.body.data).toMatchObject({ state: 'published', price: { amount: 12_500, currency: 'AUD' }, stockLevel: 'low' });

    const byKeyword = await anon.get<{ data: Page }>('/api/listings?keywords=quokka%20quencher');
    expect(byKeyword.body.data.listings[0]?.id).toBe(id);
    const byCategory = await anon.get<{ data: Page }>('/api/listings?pub_category=beer&pub_brand=' + published.body.data.author.id + '&sort=-price&perPage=100');
    const prices = byCategory.body.data.listings.map((l) => l.price?.amount ?? 0);
    expect(byCategory.body.data.listings.map((l) => l.id)).toContain(id);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const highFirst = await anon.get<{ data: Page }>('/api/listings?keywords=quokka&sort=price&price=100,125');
    expect(highFirst.body.data.listings.map((l) => l.id)).toEqual([id]);
    const opened = await buyer.get<{ data: Listing }>(`/api/listings/${id}`);
    expect(opened.body.data).toMatchObject({ id, state: 'published', currentStock: { quantity: 12 } });

    const stale = await supplier.put<ErrorBody>(`/api/own-listings/${id}/stock`, { oldTotal: 0, newTotal: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'old-total-mismatch', meta: { currentTotal: 12 } });
    const copy = await supplier.post<{ data: Listing }>(`/api/own-listings/${id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ state: 'draft', currentStock: { quantity: 0 }, title: 'Quokka Quencher IPA' });
    expect((await supplier.get<{ data: Page }>('/api/own-listings?state=draft')).body.data.listings.map((l) => l.id)).toContain(copy.body.data.id);
    expect((await supplier.delete(`/api/own-listings/${id}`)).status).toBe(409);
    expect((await supplier.post<{ data: Listing }>(`/api/own-listings/${id}/close`)).body.data.state).toBe('closed');
    expect((await anon.get<{ data: Listing }>(`/api/listings/${id}`)).body.data.state).toBe('closed');
    expect((await anon.get<{ data: Page }>('/api/listings?keywords=quokka%20quencher')).body.data.listings).toHaveLength(0);
    expect((await supplier.post<{ data: Listing }>(`/api/own-listings/${id}/open`)).body.data.state).toBe('published');
    await supplier.post(`/api/own-listings/${id}/close`);
    expect((await supplier.delete(`/api/own-listings/${id}`)).status).toBe(204);
    expect((await anon.get(`/api/listings/${id}`)).status).toBe(404);
    expect((await supplier.delete(`/api/own-listings/${copy.body.data.id}`)).status).toBe(204);
  });

  it('sends an unapproved supplier’s listing to the operator queue; the operator approves or rejects', async () => {
    const a = await publishedListing(newcomer, 'Newcomer Amber Ale');
    const b = await publishedListing(newcomer, 'Newcomer Brown Ale');
    expect([a.state, b.state]).toEqual(['pendingApproval', 'pendingApproval']);
    expect((await anon.get(`/api/listings/${a.id}`)).status).toBe(404);
    expect((await newcomer.get<{ data: Listing }>(`/api/listings/${a.id}`)).body.data.state).toBe('pendingApproval');
    const queue = await operator.get<{ data: Page }>('/api/operator/listings');
    expect(queue.body.data.listings.map((l) => l.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await operator.post<{ data: Listing }>(`/api/operator/listings/${a.id}/approve`)).body.data.state).toBe('published');
    const rejected = await operator.post<{ data: Listing & { rejectionReason: string } }>(`/api/operator/listings/${b.id}/reject`, { reason: 'Photo missing a label' });
    expect(rejected.body.data).toMatchObject({ state: 'draft', rejectionReason: 'Photo missing a label' });
    expect((await anon.get<{ data: Page }>('/api/listings?keywords=newcomer')).body.data.listings.map((l) => l.id)).toEqual([a.id]);
    expect((await operator.post<ErrorBody>(`/api/operator/listings/${a.id}/approve`)).body.errors[0]?.code).toBe('transaction-invalid-transition');
  });

  it('authorises every listing route for every role', async () => {
    const live = await publishedListing(supplier, 'Auth Matrix Lager');
    const draft = (await supplier.post<{ data: Listing }>('/api/own-listings', { title: 'Auth Matrix Draft' })).body.data;
    const image = (await upload(supplier, png, 'a.png', 'image/png')).body.data;
    const ownRoutes = (id: string): Array<[string, string, unknown?]> => [
      ['GET', `/api/own-listings/${id}`],
      ['PUT', `/api/own-listings/${id}`, { title: 'Hijacked' }],
      ['POST', `/api/own-listings/${id}/publish`],
      ['POST', `/api/own-listings/${id}/close`],
      ['POST', `/api/own-listings/${id}/open`],
      ['POST', `/api/own-listings/${id}/duplicate`],
      ['DELETE', `/api/own-listings/${id}`],
      ['PUT', `/api/own-listings/${id}/stock`, { oldTotal: 15, newTotal: 0 }],
      ['POST', `/api/own-listings/${id}/images`, { imageId: image.id }],
    ];
    const collection: Array<[string, string, unknown?]> = [['GET', '/api/own-listings'], ['POST', '/api/own-listings', { title: 'x' }], ['PUT', '/api/own-brand', { deliveryNotes: 'x' }]];
    const operatorRoutes: Array<[string, string, unknown?]> = [
      ['GET', '/api/operator/listings'], ['POST', `/api/operator/listings/${live.id}/approve`], ['POST', `/api/operator/listings/${live.id}/reject`, { reason: 'x' }],
    ];
    const expectStatus = async (s: ApiSession, routes: Array<[string, string, unknown?]>, status: number, code: string) => {
      for (const [method, path, body] of routes) {
        const res = await s.request<ErrorBody>(method, path, body);
        expect({ method, path, status: res.status, code: res.body?.errors?.[0]?.code }).toEqual({ method, path, status, code });
      }
    };
    await expectStatus(anon, [...ownRoutes(live.id), ...collection, ...operatorRoutes], 401, 'auth-unauthenticated');
    await expectStatus(buyer, [...ownRoutes(live.id), ...collection, ...operatorRoutes], 403, 'forbidden');
    await expectStatus(operator, [...ownRoutes(live.id), ...collection], 403, 'forbidden');
    await expectStatus(supplier, operatorRoutes, 403, 'forbidden');
    // Another supplier: a published listing is forbidden, a draft does not exist for them.
    await expectStatus(rival, ownRoutes(live.id), 403, 'forbidden');
    await expectStatus(rival, ownRoutes(draft.id), 404, 'not-found');
    // Drafts are their owner's alone: not even the operator sees or lists them.
    for (const s of [anon, buyer, rival, operator]) expect((await s.get(`/api/listings/${draft.id}`)).status).toBe(404);
    expect((await operator.get('/api/operator/listings?state=draft')).status).toBe(400);
    expect((await supplier.get(`/api/listings/${draft.id}`)).status).toBe(200);
    // Nothing changed.
    const after = await supplier.get<{ data: Listing }>(`/api/own-listings/${live.id}`);
    expect(after.body.data).toMatchObject({ title: 'Auth Matrix Lager', state: 'published', currentStock: { quantity: 15 }, version: live.version });
    expect((await anon.request<ErrorBody>('POST', '/api/images')).status).toBe(401);
  });

  it('refuses bad uploads with a clear 4xx and keeps nothing', async () => {
    const over = Buffer.alloc(20 * 1024 * 1024 + 1);
    png.copy(over);
    const big = await upload(supplier, over, 'big.png', 'image/png');
    expect(big.status).toBe(413);
    expect(big.body.errors?.[0]?.code).toBe('request-upload-over-limit');
    const html = await upload(supplier, Buffer.from('<!doctype html><h1>not a photo</h1>'), 'photo.jpg', 'image/jpeg');
    expect(html.status).toBe(415);
    expect(html.body.errors?.[0]?.code).toBe('unsupported-media-type');
    const truncated = await upload(supplier, png.subarray(0, Math.floor(png.length / 2)), 'cut.png', 'image/png');
    expect(truncated.status).toBe(400);
    expect(truncated.body.errors?.[0]?.code).toBe('validation-invalid-value');
    for (const r of [big, html, truncated]) expect(r.body.data).toBeUndefined();
    const json = await supplier.post<ErrorBody>('/api/images', { image: 'x' });
    expect(json.status).toBe(415);
    const exactly20 = Buffer.alloc(20 * 1024 * 1024);
    png.copy(exactly20);
    expect((await upload(supplier, exactly20, 'padded.png', 'image/png')).status).not.toBe(413);
  }, 60_000);

  it('hardening (docs/decisions/015): int32 bounds, price cap, stop-word keywords, withdrawing a pending listing, sold-out brand pages', async () => {
    const live = await publishedListing(supplier, 'Hardening Helles', 25_000, 1);
    // Integers beyond int32 answer 400, never a 500 from the gRPC encoder.
    const version = await supplier.put<ErrorBody>(`/api/own-listings/${live.id}`, { title: 'x', expectedVersion: 2_147_483_648 });
    expect([version.status, version.body.errors[0]?.meta?.fields]).toEqual([400, { expectedVersion: expect.any(String) }]);
    const quantity = await supplier.post<ErrorBody>('/api/own-listings', { pricePackages: [{ packageType: 'keg', size: 50, quantity: 2_147_483_648, priceCents: 100 }] });
    expect([quantity.status, quantity.body.errors[0]?.meta?.fields]).toEqual([400, { 'pricePackages.0.quantity': 'validation.packageQuantityTooHigh' }]);
    for (const q of ['page=2147483648', 'perPage=2147483648', 'page=1001']) expect((await anon.get(`/api/listings?${q}`)).status).toBe(400);
    // A price bound above the dearest allowed package: the price field and its range message.
    for (const q of ['price=0,999999999', 'price=100000000,']) {
      const res = await anon.get<ErrorBody>(`/api/listings?${q}`);
      expect([res.status, res.body.errors[0]?.meta?.fields]).toEqual([400, { price: 'validation.priceRangeInvalid' }]);
    }
    // Keywords of stop words or symbols only are ignored rather than matching nothing.
    const all = (await anon.get<{ data: Page }>('/api/listings?perPage=1')).body.data.pagination.totalItems;
    for (const k of ['the', '-', '%26%26']) expect((await anon.get<{ data: Page }>(`/api/listings?keywords=${k}&perPage=1`)).body.data.pagination.totalItems).toBe(all);
    // A supplier withdraws a listing waiting for approval: DELETE discards it.
    const pending = await publishedListing(newcomer, 'Withdrawn Wit');
    expect(pending.state).toBe('pendingApproval');
    expect((await newcomer.delete(`/api/own-listings/${pending.id}`)).status).toBe(204);
    expect((await operator.get<{ data: Page }>('/api/operator/listings?perPage=100')).body.data.listings.map((l) => l.id)).not.toContain(pending.id);
    expect((await operator.post(`/api/operator/listings/${pending.id}/approve`)).status).toBe(404);
    // Brand pages: sold-out listings of the one supplier only with includeSoldOut=true.
    expect((await supplier.put(`/api/own-listings/${live.id}/stock`, { oldTotal: 1, newTotal: 0 })).status).toBe(200);
    const brand = (extra: string) => anon.get<{ data: Page }>(`/api/listings?pub_brand=${live.author.id}&sort=createdAt&perPage=100${extra}`);
    expect((await brand('')).body.data.listings.map((l) => l.id)).not.toContain(live.id);
    const soldOut = (await brand('&includeSoldOut=true')).body.data.listings.find((l) => l.id === live.id);
    expect(soldOut).toMatchObject({ state: 'published', currentStock: { quantity: 0 }, stockLevel: 'outOfStock' });
    for (const q of ['includeSoldOut=true', `includeSoldOut=true&pub_brand=${live.author.id},00000000-0000-4000-8000-000000000000`, 'includeSoldOut=yes']) {
      expect({ q, status: (await anon.get(`/api/listings?${q}`)).status }).toEqual({ q, status: 400 });
    }
    // A corrupt but complete PNG (garbage image data, correct chunk lengths and CRCs) is refused.
    const corrupt = await upload(supplier, corruptPngImageData(png), 'photo.png', 'image/png');
    expect([corrupt.status, corrupt.body.errors?.[0]?.code, corrupt.body.data]).toEqual([400, 'validation-invalid-value', undefined]);
  }, 60_000);

  it('shows a publish, a stock change and a close in search within 1 s, though searches are cached (docs/decisions/058)', async () => {
    const tag = `zf${Date.now().toString(36)}`;
    const search = async () => (await anon.get<{ data: Page }>(`/api/listings?keywords=${tag}`)).body.data.listings;
    /** How long until `seen` holds for the search (at most 1 s is allowed; waits up to 5 s to report how long). */
    const within = async (seen: (found: Listing[]) => boolean): Promise<number> => {
      const started = Date.now();
      while (!seen(await search()) && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50));
      return Date.now() - started;
    };
    expect(await search()).toEqual([]); // now cached: an empty answer
    const listing = await publishedListing(supplier, `${tag} Wombat Wit`, 18_000, 6);
    expect(await within((found) => found.some((l) => l.id === listing.id))).toBeLessThanOrEqual(1000);
    expect((await anon.get<{ data: Listing }>(`/api/listings/${listing.id}`)).body.data.currentStock.quantity).toBe(6); // cached
    expect((await supplier.put(`/api/own-listings/${listing.id}/stock`, { oldTotal: 6, newTotal: 2 })).status).toBe(200);
    expect(await within((found) => found[0]?.currentStock.quantity === 2)).toBeLessThanOrEqual(1000);
    expect((await anon.get<{ data: Listing }>(`/api/listings/${listing.id}`)).body.data.currentStock.quantity).toBe(2);
    expect((await supplier.post(`/api/own-listings/${listing.id}/close`)).status).toBe(200);
    expect(await within((found) => found.length === 0)).toBeLessThanOrEqual(1000);
    expect((await anon.get<{ data: Listing }>(`/api/listings/${listing.id}`)).body.data.state).toBe('closed');
  });

  it('answers search cards, the fields a result shows, at a third of the bytes (docs/decisions/071)', async () => {
    const query = 'pub_category=beer&sort=-price&perPage=12';
    const full = await anon.get<{ data: Page }>(`/api/listings?${query}`);
    const cards = await anon.get<{ data: { listings: Record<string, unknown>[]; pagination: unknown } }>(`/api/listings?${query}&view=card`);
    expect([full.status, cards.status]).toEqual([200, 200]);
    expect(cards.body.data.pagination).toEqual(full.body.data.pagination);
    expect(cards.body.data.listings.map((c) => c['id'])).toEqual(full.body.data.listings.map((l) => l.id));
    const first = full.body.data.listings[0];
    if (!first) throw new Error('the demo catalog has beers');
    const cardImage = first.images[0];
    expect(cards.body.data.listings[0]).toEqual({
      id: first.id, slug: first.slug, state: 'published', listingType: first.listingType, title: first.title, category: first.category,
      collection: first.collection, price: first.price, packageCount: first.pricePackages.length,
      images: cardImage ? [{ id: cardImage.id, variants: { 'listing-card': cardImage.variants['listing-card'], 'listing-card-2x': cardImage.variants['listing-card-2x'] } }] : [],
      author: { id: first.author.id, brandName: first.author.brandName }, currentStock: first.currentStock, stockLevel: first.stockLevel,
    });
    const bytes = (v: unknown) => JSON.stringify(v).length;
    expect(bytes(cards.body.data) * 2).toBeLessThan(bytes(full.body.data));
    for (const q of ['view=cards', 'view=', 'view=card&view=full']) expect({ q, status: (await anon.get(`/api/listings?${q}`)).status }).toEqual({ q, status: 400 });
  });

  it('validates search queries strictly', async () => {
    for (const q of ['pub_category=whisky', 'price=50,10', 'price=abc', 'sort=cheapest', 'perPage=500', 'pub_brand=not-a-uuid', 'pub_state=XYZ', 'pub_state=', 'unknown=1']) {
      const res = await anon.get<ErrorBody>(`/api/listings?${q}`);
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
    }
    const inVic = await anon.get<{ data: { listings: { visibleStates: string[] }[] } }>('/api/listings?pub_state=VIC&perPage=100');
    expect(inVic.status).toBe(200);
    expect(inVic.body.data.listings.every((l) => l.visibleStates.length === 0 || l.visibleStates.includes('VIC'))).toBe(true);
    expect((await anon.get('/api/listings/not-a-uuid')).status).toBe(400);
    expect((await anon.get<ErrorBody>('/api/listings?keywords=a%00b')).body.errors?.[0]?.meta).toEqual({ fields: { keywords: 'validation.invalidValue' } });
    // The SPA's own search page is not an API call: the same query gets the app, which drops the value.
    if (await webBuildGate.available('catalog API: SPA search page')) {
      const page = await fetch(`${app.url}/s?keywords=a%00b`);
      expect([page.status, page.headers.get('content-type')?.startsWith('text/html')]).toEqual([200, true]);
    }
    expect((await anon.get('/api/listings/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('shows public supplier profiles with their brand page', async () => {
    const me = await supplier.get<{ data: { id: string } }>('/api/current-user');
    const brand = await supplier.put<{ data: { collections: string[] } }>('/api/own-brand', { collections: ['Core', 'Seasonal', 'Barrel'], deliveryNotes: 'Tuesdays' });
    expect(brand.body.data.collections).toEqual(['Core', 'Seasonal', 'Barrel']);
    expect((await supplier.put<ErrorBody>('/api/own-brand', { collections: ['A', 'B', 'C', 'D', 'E'] })).status).toBe(400);
    const profile = await anon.get<{ data: { id: string; brandName: string; brand: { deliveryNotes: string; publishedListings: number } | null } }>(`/api/users/${me.body.data.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ brandName: 'Yarra Valley Brewing', brand: { deliveryNotes: 'Tuesdays' } });
    expect(profile.body.data.brand?.publishedListings).toBeGreaterThan(0);
    expect((await anon.get('/api/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('saves the editor’s fields and stock in one request: a stale stock total saves neither', async () => {
    const listing = await publishedListing(supplier, 'One Save Saison', 25_000, 15);
    const stale = await supplier.put<ErrorBody>(`/api/own-listings/${listing.id}`, { title: 'One Save Saison (new label)', stock: { oldTotal: 14, newTotal: 30 } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'old-total-mismatch', meta: { currentTotal: 15 } });
    const unchanged = await supplier.get<{ data: Listing }>(`/api/own-listings/${listing.id}`);
    expect({ title: unchanged.body.data.title, stock: unchanged.body.data.currentStock.quantity }).toEqual({ title: 'One Save Saison', stock: 15 });
    const saved = await supplier.put<{ data: Listing }>(`/api/own-listings/${listing.id}`, { title: 'One Save Saison (new label)', stock: { oldTotal: 15, newTotal: 30 } });
    expect(saved.status).toBe(200);
    expect({ title: saved.body.data.title, stock: saved.body.data.currentStock.quantity }).toEqual({ title: 'One Save Saison (new label)', stock: 30 });
    // Stock alone is a save too; bad totals are a 400 that changes nothing.
    expect((await supplier.put<{ data: Listing }>(`/api/own-listings/${listing.id}`, { stock: { oldTotal: 30, newTotal: 12 } })).body.data.currentStock.quantity).toBe(12);
    expect((await supplier.put(`/api/own-listings/${listing.id}`, { stock: { oldTotal: 12, newTotal: -1 } })).status).toBe(400);
    expect((await supplier.put(`/api/own-listings/${listing.id}`, { stock: { oldTotal: 12 } })).status).toBe(400);
    expect((await supplier.get<{ data: Listing }>(`/api/own-listings/${listing.id}`)).body.data.currentStock.quantity).toBe(12);
  });

  it('refuses a logged-out, a deleted and a banned supplier’s earlier access tokens on every write at once; a closed listing cannot be reopened', async () => {
    const writes = (s: ApiSession, listingId: string) => [
      s.post(`/api/own-listings/${listingId}/open`),
      s.put('/api/own-brand', { deliveryNotes: 'still here' }),
      s.post('/api/own-listings', fields('After the end', [])),
      s.put(`/api/own-listings/${listingId}/stock`, { oldTotal: 15, newTotal: 16 }),
    ];
    // Logout on another device: this device's access token is refused at once, by catalog as by identity.
    const device = await login('saltwater-ales@suppliers.example.com');
    const other = await login('saltwater-ales@suppliers.example.com');
    const kept = await publishedListing(device, 'Logout Lager');
    expect((await other.post('/api/auth/logout')).status).toBe(204);
    for (const res of await Promise.all(writes(device, kept.id))) expect(res.status).toBe(401);
    expect((await device.get('/api/current-user')).status).toBe(401);
    expect((await device.post('/api/auth/refresh')).status).toBe(401);

    // Deleted: the supplier closed a listing, then deleted the account from another device. The old token cannot reopen it.
    const s1 = await login('saltwater-ales@suppliers.example.com');
    const s2 = await login('saltwater-ales@suppliers.example.com');
    const closed = await publishedListing(s1, 'Closed Before Deletion');
    expect((await s1.post(`/api/own-listings/${closed.id}/close`)).status).toBe(200);
    expect((await s2.post('/api/user/delete', { currentPassword: PASSWORD })).status).toBe(204);
    for (const res of await Promise.all(writes(s1, closed.id))) expect(res.status).toBe(401);
    expect((await anon.get<{ data: Listing }>(`/api/listings/${closed.id}`)).body.data?.state ?? 'gone').not.toBe('published');

    // Banned by the operator: refused (403) at once, and the supplier's listings leave search.
    const banned = await login('red-gum-brewhouse@suppliers.example.com');
    const live = await publishedListing(banned, 'Banned Bitter');
    expect((await anon.get<{ data: Page }>('/api/listings?keywords=banned%20bitter')).body.data.listings.map((l) => l.id)).toContain(live.id);
    const ban = await operator.put<{ data: { banned: boolean } }>(`/api/operator/users/${live.author.id}/ban`, { banned: true });
    expect(ban.status).toBe(200);
    expect(ban.body.data.banned).toBe(true);
    for (const res of await Promise.all(writes(banned, live.id))) expect(res.status).toBe(403);
    const deadline = Date.now() + 1000;
    let found = true;
    while (found && Date.now() < deadline) {
      found = (await anon.get<{ data: Page }>('/api/listings?keywords=banned%20bitter')).body.data.listings.some((l) => l.id === live.id);
      if (found) await new Promise((r) => setTimeout(r, 50));
    }
    expect(found).toBe(false);
    expect((await supplier.put(`/api/operator/users/${live.author.id}/ban`, { banned: false })).status).toBe(403);
    expect((await operator.put('/api/operator/users/not-a-uuid/ban', { banned: false })).status).toBe(400);
  });

  it('answers 401 to tokens without exp or iat, with another algorithm (none, HS256 keyed with the public key), issuer or audience, an unknown kid, or signed with another key', async () => {
    // The embedded app keeps identity's Ed25519 signing key (a private JWK) with its data (ADR 053).
    const key = signingKeyFromJwk(readFileSync(path.join(app.dataDir, ACCESS_KEY_FILE), 'utf8'));
    const me = await buyer.get<{ data: { id: string } }>('/api/current-user');
    const now = Math.floor(Date.now() / 1000);
    const body = { role: 'buyer', scopes: [], sv: 0, sub: me.body.data.id, iss: 'caskade-identity', aud: 'caskade', iat: now, exp: now + 60 };
    const sign = (claims: Record<string, unknown>, header: { alg: string; kid?: string } = { alg: 'EdDSA', kid: key.kid }, signingKey = key.key) =>
      new SignJWT(claims).setProtectedHeader(header).sign(signingKey);
    const status = async (token: string) => (await fetch(`${app.url}/api/current-user`, { headers: { authorization: `Bearer ${token}` } })).status;
    // The crafting is sound: with every claim right, the token works.
    expect(await status(await sign(body))).toBe(200);
    const { exp: _exp, ...noExpiry } = body;
    const { iat: _iat, ...noIssuedAt } = body;
    expect(await status(await sign(noExpiry))).toBe(401);
    expect(await status(await sign(noIssuedAt))).toBe(401);
    expect(await status(await sign({ ...body, iss: 'someone-else' }))).toBe(401);
    expect(await status(await sign({ ...body, aud: 'another-app' }))).toBe(401);
    // Another key under the same kid, an unknown kid, no kid.
    const forger = generateSigningKey(key.kid).signing;
    expect(await status(await sign(body, { alg: 'EdDSA', kid: key.kid }, forger.key))).toBe(401);
    expect(await status(await sign(body, { alg: 'EdDSA', kid: 'access.unknown' }))).toBe(401);
    expect(await status(await sign(body, { alg: 'EdDSA' }))).toBe(401);
    // Another algorithm: HMAC keyed with the public key (algorithm confusion), RS256; and none.
    const publicPem = createPublicKey(key.key).export({ format: 'pem', type: 'spki' }).toString();
    expect(await status(jwt.sign(body, publicPem, { algorithm: 'HS256', keyid: key.kid }))).toBe(401);
    expect(await status(jwt.sign(body, 'x'.repeat(48), { algorithm: 'HS512', keyid: key.kid }))).toBe(401);
    expect(await status(jwt.sign(body, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, { algorithm: 'RS256', keyid: key.kid }))).toBe(401);
    const none = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    expect(await status(`${none({ alg: 'none', typ: 'JWT', kid: key.kid })}.${none(body)}.`)).toBe(401);
  });

  // Without a web build the gateway has no HTML to fill: the gate prints SKIPPED loudly, a failure under CI.
  describeWithServices('catalog API: page heads', [webBuildGate], ({ test }) => {
    test('takes replacement patterns in titles, descriptions and brand text literally: a page grows by at most the text itself', async () => {
      const patterns = "$$ $& $` $' $1 $<x> ";
      const text = `Ale ${patterns.repeat(8)}`.trim();
      // The control holds the same characters, HTML-escaped alike, without the `$`: only the patterns differ.
      const plain = text.replace(/\$/g, 'S');
      const special = await publishedListing(rival, text.slice(0, 120));
      const control = await publishedListing(rival, plain.slice(0, 120));
      const specialPage = await (await fetch(`${app.url}/l/${special.slug}/${special.id}`)).text();
      const controlPage = await (await fetch(`${app.url}/l/${control.slug}/${control.id}`)).text();
      expect(specialPage).toContain(`<title>${text.slice(0, 120).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;')}`);
      expect(specialPage.length - controlPage.length).toBeLessThanOrEqual(text.length);
      // The brand page: the description (bio) holds the patterns.
      const brandId = special.author.id;
      expect((await rival.put('/api/own-brand', { description: plain })).status).toBe(200);
      const controlBrand = await (await fetch(`${app.url}/u/${brandId}`)).text();
      expect((await rival.put('/api/own-brand', { description: text })).status).toBe(200);
      const specialBrand = await (await fetch(`${app.url}/u/${brandId}`)).text();
      expect(specialBrand).toContain('$&amp; $` $&#39; $1 $&lt;x&gt;');
      expect(specialBrand.length - controlBrand.length).toBeLessThanOrEqual(text.length);
    });

    test('puts title, Open Graph tags and schema.org data in listing and brand pages, with a sitemap and robots.txt', async () => {
      const listing = await publishedListing(supplier, 'Seo <Script> Stout');
      const page = await fetch(`${app.url}/l/${listing.slug}/${listing.id}`);
      const html = await page.text();
      expect(html).toContain('<title>Seo &lt;Script&gt; Stout · Yarra Valley Brewing | Caskade</title>');
      expect(html).toContain('<meta property="og:title" content="Seo &lt;Script&gt; Stout');
      expect(html).toContain(`/l/${listing.slug}/${listing.id}`);
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(ld).not.toContain('<');
      // GST-inclusive prices, as the page's headline ($125.00 ex GST + $12.50), and said so.
      expect(JSON.parse(ld)).toMatchObject({
        '@type': 'Product',
        name: 'Seo <Script> Stout',
        offers: { '@type': 'AggregateOffer', priceCurrency: 'AUD', lowPrice: '137.50', priceSpecification: { valueAddedTaxIncluded: true } },
      });
      expect((await fetch(`${app.url}/l/${listing.id}`)).status).toBe(200);
      expect((await fetch(`${app.url}/l/x/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      const profile = await (await fetch(`${app.url}/u/${listing.author.id}`)).text();
      expect(profile).toContain('<title>Yarra Valley Brewing | Caskade</title>');
      expect(profile).toContain('"@type":"Organization"');
      // The landing and search pages carry Open Graph tags too.
      expect(await (await fetch(`${app.url}/`)).text()).toContain('<meta property="og:title" content="Caskade · Wholesale craft drinks marketplace" />');
      expect(await (await fetch(`${app.url}/s?keywords=stout`)).text()).toMatch(/<meta property="og:title" content="Search [^"]*" \/>/);
      // robots.txt names the sitemap index, which lists the paged sitemaps (50,000 URLs at most each).
      const robots = await (await fetch(`${app.url}/robots.txt`)).text();
      expect(robots).toContain('Disallow: /api/');
      const indexUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1] ?? '';
      expect(new URL(indexUrl).pathname).toBe('/sitemap.xml');
      const index = await (await fetch(`${app.url}/sitemap.xml`)).text();
      expect(index).toContain('<sitemapindex');
      const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
      expect(sitemaps).toEqual(expect.arrayContaining(['/sitemaps/static.xml', '/sitemaps/listings-1.xml', '/sitemaps/brands-1.xml']));
      const listingsMap = await (await fetch(`${app.url}/sitemaps/listings-1.xml`)).text();
      expect(listingsMap).toContain(`/l/${listing.slug}/${listing.id}</loc>`);
      expect(listingsMap).not.toContain(`/u/`);
      expect(await (await fetch(`${app.url}/sitemaps/brands-1.xml`)).text()).toContain(`/u/${listing.author.id}</loc>`);
      expect(await (await fetch(`${app.url}/sitemaps/static.xml`)).text()).toContain('/about</loc>');
      expect((await fetch(`${app.url}/sitemaps/listings-99.xml`)).status).toBe(404);
      // Unknown addresses: a missing asset is a JSON not-found; an unknown page still gets the app (its not-found page) with a 404.
      const asset = await fetch(`${app.url}/assets/nope.js`);
      expect(asset.status).toBe(404);
      expect(((await asset.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('not-found');
      const unknown = await fetch(`${app.url}/no-such-page`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('<div id="root"></div>');
      expect((await fetch(`${app.url}/about`)).status).toBe(200);
    });
  });

  it('documents every catalog path in the OpenAPI document', async () => {
    const doc = await anon.get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    for (const path of [
      '/api/own-listings', '/api/own-listings/{id}', '/api/own-listings/{id}/publish', '/api/own-listings/{id}/close', '/api/own-listings/{id}/open',
      '/api/own-listings/{id}/duplicate', '/api/own-listings/{id}/stock', '/api/own-listings/{id}/images', '/api/images', '/api/listings',
      '/api/listings/{id}', '/api/brands', '/api/users/{id}', '/api/operator/listings', '/api/operator/listings/{id}/approve', '/api/operator/listings/{id}/reject',
    ]) expect(doc.body.paths).toHaveProperty([path]);
    expect(Object.keys(doc.body.paths['/api/own-listings/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
  });
});
