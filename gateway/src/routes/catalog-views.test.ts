import { catalog } from '@caskade/proto';
import { brandCardSchema, brandSchema, brandsQuery, createListingBody, listingPageSchema, listingSchema, updateListingBody } from '../contract';
import { brandCardView, brandView, listingPageView, listingView } from './catalog-views';

const owner = { userId: '7b0c1a52-8f7e-4c1d-9d55-2f1f3c6a9e01', role: 'supplier' as const, scopes: [] };
const imageId = '0f5e8d0a-3b7c-4e59-8a43-6c1d2b9e7f10';

const stored = catalog.Listing.fromPartial({
  id: '5d2c7a1e-9b4f-4e3a-8c6d-1a2b3c4d5e6f',
  slug: 'hazy-ipa',
  state: 'published',
  fields: {
    listingType: 'product', title: 'Hazy IPA', description: 'Juicy.', category: 'beer', productType: 'ipa', style: 'hazy',
    attributes: { alcoholicPercent: 6.5, hops: 'Citra', vegan: true },
    pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 32_000, sku: 'K50' }, { packageType: 'can', size: 375, unit: 'ml', quantity: 24, priceCents: 9_600, sku: '' }],
    location: { address: '1 Brew St, Fitzroy', state: 'VIC', postcode: '3065', lat: -37.8, lng: 144.98 },
    pickupEnabled: true, shippingEnabled: false, visibleStates: ['VIC', 'NSW'], collection: 'Core', rules: '',
    availability: [{ dayOfWeek: 'mon', seats: 4, start: '09:00', end: '17:00' }],
  },
  images: [{ id: imageId, variants: [{ name: 'scaled-400', url: `/images/${imageId}/scaled-400`, width: 400, height: 300 }] }],
  author: { id: owner.userId, brandName: 'Fitzroy Brewing', displayName: 'Ada Brewer' },
  priceCents: 9_600, stockQuantity: 500, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z',
  publishedAt: '2026-11-02T00:00:00.000Z', version: 3, rejectionReason: '',
});

describe('catalog views answer the contract', () => {
  it('a listing view is exactly what the contract’s listing schema describes', () => {
    const view = listingView(stored, owner);
    expect(listingSchema.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({
      listingType: 'product', allowedTransitions: ['close'], stockLevel: 'inStock', price: { amount: 9_600, currency: 'AUD' },
      pricePackages: [{ packageType: 'keg', unit: 'L' }, { packageType: 'can', unit: 'ml' }], visibleStates: ['VIC', 'NSW'],
      location: { state: 'VIC' }, availability: [{ dayOfWeek: 'mon' }], attributes: { alcoholicPercent: 6.5, hops: 'Citra', vegan: true },
    });
  });

  it('an empty draft (no fields yet) still answers every field of the contract', () => {
    const view = listingView(catalog.Listing.fromPartial({ id: stored.id, slug: 'draft', state: 'draft', author: { id: owner.userId } }), owner);
    expect(listingSchema.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({ listingType: 'product', location: null, pricePackages: [], price: null, publishedAt: null, allowedTransitions: ['publish', 'discard'] });
  });

  it('a page and a brand parse with their schemas', () => {
    const page = listingPageView({ listings: [stored], pagination: { page: 1, perPage: 24, totalItems: 1, totalPages: 1 } }, null);
    expect(listingPageSchema.parse(page)).toEqual(page);
    const brand = brandView(catalog.Brand.fromPartial({ id: owner.userId, brandName: 'Fitzroy Brewing', collections: ['Core'], publishedListings: 1 }));
    expect(brandSchema.strict().parse(brand)).toEqual(brand);
  });
});

describe('the brand card view (GET /api/brands?view=card)', () => {
  const variants = ['scaled-400', 'scaled-800', 'scaled-1600', 'scaled-2400', 'listing-card', 'listing-card-2x'];
  const image = (id: string) => ({ id, variants: variants.map((name) => ({ name, url: `/images/${id}/${name}`, width: 400, height: 400 })) });
  const logoId = '1a5e8d0a-3b7c-4e59-8a43-6c1d2b9e7f11';
  const profileId = '2b5e8d0a-3b7c-4e59-8a43-6c1d2b9e7f12';
  const full = catalog.Brand.fromPartial({
    id: owner.userId, brandName: 'Fitzroy Brewing', displayName: 'Ada Brewer', description: 'Small-batch ales. '.repeat(30), deliveryNotes: 'Tuesdays',
    discountNotes: '10% off kegs', collections: ['Core', 'Seasonal'], logo: image(logoId), headerImage: image(imageId), profileImage: image(profileId), publishedListings: 7,
  });

  it('carries what a supplier card shows: one small image variant and a clipped description, far fewer bytes', () => {
    const card = brandCardView(full);
    expect(brandCardSchema.strict().parse(card)).toEqual(card);
    expect(card.logo).toEqual({ id: logoId, variants: { 'listing-card': { url: `/images/${logoId}/listing-card`, width: 400, height: 400 } } });
    expect(card.description.length).toBeLessThanOrEqual(160);
    expect(card.description.endsWith('…')).toBe(true);
    expect(full.description.startsWith(card.description.slice(0, -1))).toBe(true);
    expect(card).toMatchObject({ id: owner.userId, brandName: 'Fitzroy Brewing', displayName: 'Ada Brewer', publishedListings: 7 });
    expect(JSON.stringify(card).length * 4).toBeLessThan(JSON.stringify(brandView(full)).length);
  });

  it('falls back to the profile image, else no image; a short description is kept whole', () => {
    expect(brandCardView({ ...full, logo: undefined }).logo?.id).toBe(profileId);
    const bare = brandCardView(catalog.Brand.fromPartial({ id: owner.userId, brandName: 'Bare', description: 'Short.' }));
    expect(bare.logo).toBeNull();
    expect(bare.description).toBe('Short.');
  });

  it('the query takes full (default) or card and refuses anything else', () => {
    expect(brandsQuery.parse({})).toEqual({ view: 'full' });
    expect(brandsQuery.parse({ view: 'card' })).toEqual({ view: 'card' });
    expect(brandsQuery.safeParse({ view: 'everything' }).success).toBe(false);
    expect(brandsQuery.safeParse({ view: 'card', extra: '1' }).success).toBe(false);
  });
});

describe('listing bodies come from the catalog domain', () => {
  it('create takes the domain’s fields and a stock; update refuses the listing type', () => {
    expect(createListingBody.parse({ listingType: 'service', title: ' Tour ' })).toEqual({ listingType: 'service', title: 'Tour', stockQuantity: 0 });
    expect(updateListingBody.safeParse({ listingType: 'service' }).success).toBe(false);
    expect(updateListingBody.safeParse({ title: 'x', stock: { oldTotal: 1, newTotal: 2 }, expectedVersion: 3 }).success).toBe(true);
  });
});
