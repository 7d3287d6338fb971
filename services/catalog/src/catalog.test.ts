import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { AppError, type CallContext, type PromiseClient, type Role } from '@caskade/kit';
import { corruptPngImageData, expectAppError, TEST_DATABASE_URL, describeOnBackends } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { expireReservations, sweepReservations } from './app/expire-reservations';
import { ORPHAN_IMAGE_AGE_MS, removeOrphanImages } from './app/remove-orphan-images';
import { variantKey } from './images/store';
import type { CatalogService, SupplierProfile } from './index';
import { startCatalogHarness, type CatalogHarness } from './testing/harness';
import { MAX_STOCK } from './domain';
import { ListingDeleted, ListingPendingApproval, ListingPublished, ListingRejected, ListingUpdated, StockChanged } from './events/registry';
import { UserDeleted, UserProfileChanged } from '@caskade/identity/events';

const ids = {
  hops: '11111111-1111-4111-8111-111111111111',
  vines: '22222222-2222-4222-8222-222222222222',
  buyer: '33333333-3333-4333-8333-333333333333',
  operator: '44444444-4444-4444-8444-444444444444',
  quitter: '55555555-5555-4555-8555-555555555555',
};
const suppliers: Record<string, SupplierProfile> = {
  [ids.hops]: { id: ids.hops, brandName: 'Hop Hill Brewing', displayName: 'Sam Brewer', published: true },
  [ids.vines]: { id: ids.vines, brandName: 'Vine Lane Wines', displayName: 'Vic Vintner', published: false },
  [ids.quitter]: { id: ids.quitter, brandName: 'Last Orders Cellars', displayName: 'Quinn Quitter', published: false },
};
const ctxOf = (userId: string, role: Role): CallContext => ({ requestId: 'test', caller: { userId, role, scopes: [] } });
const hops = ctxOf(ids.hops, 'supplier');
const vines = ctxOf(ids.vines, 'supplier');
const quitter = ctxOf(ids.quitter, 'supplier');
const buyer = ctxOf(ids.buyer, 'buyer');
const operator = ctxOf(ids.operator, 'operator');
const anon: CallContext = { requestId: 'test', caller: null };


const beer = (title: string, priceCents = 24_000, extra: Partial<catalog.ListingFields> = {}): catalog.ListingFields =>
  catalog.ListingFields.fromPartial({
    listingType: 'product', title, description: `${title}: a crisp, hoppy ale brewed in the Yarra Valley.`, category: 'beer',
    productType: 'ale', style: 'pale-ale',
    attributes: { alcoholicPercent: 4.8, colour: 'Gold', malts: 'Pale, Crystal', hops: 'Galaxy, Vic Secret', vegan: true },
    pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents, sku: 'KEG-50' }],
    location: { address: '12 Brewery Lane, Healesville VIC', state: 'VIC', postcode: '3777', lat: -37.65, lng: 145.51 },
    pickupEnabled: true, shippingEnabled: true, ...extra,
  });

describeOnBackends('catalog service', (backend, { beforeAll, afterAll, test: it }) => {
  let h: CatalogHarness;
  let svc: CatalogService;
  let client: PromiseClient<typeof catalog.CatalogServiceService>;
  let png: Buffer;

  beforeAll(async () => {
    h = await startCatalogHarness(backend, {
      directory: {
        currentSupplier: async (ctx) => {
          const s = suppliers[ctx.caller?.userId ?? ''];
          if (!s) throw new AppError('forbidden');
          return s;
        },
      },
    });
    ({ svc, client } = h);
    png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b5651d' } }).png().toBuffer();
  }, 60_000);

  afterAll(async () => {
    await h.stop();
  });

  const flush = () => svc.relay.flush();
  const upload = async (ctx = hops) => (await client.uploadImage({ data: png, fileName: 'photo.png' }, ctx, { deadlineMs: 20_000 })).image as catalog.Image;
  /** A published listing of Hop Hill with a photo and stock. */
  const publishedBeer = async (title: string, priceCents = 24_000, stock = 10, extra: Partial<catalog.ListingFields> = {}) => {
    const image = await upload();
    const { listing } = await client.createListing({ fields: beer(title, priceCents, { imageIds: [image.id], ...extra }), stockQuantity: stock }, hops);
    return (await client.publishListing({ id: listing?.id ?? '' }, hops)).listing as catalog.Listing;
  };
  const search = (req: Partial<catalog.SearchListingsRequest>) => client.searchListings(catalog.SearchListingsRequest.fromPartial(req), anon);

  it('creates an incomplete draft that only its owner can see', async () => {
    const { listing } = await client.createListing({ fields: catalog.ListingFields.fromPartial({ title: 'Crème Brûlée Stout!' }), stockQuantity: 0 }, hops);
    expect(listing).toMatchObject({ state: 'draft', slug: 'creme-brulee-stout', author: { id: ids.hops, brandName: 'Hop Hill Brewing' } });
    const id = listing?.id ?? '';
    expect((await client.getOwnListing({ id }, hops)).listing?.id).toBe(id);
    await expectAppError(client.getListing({ id, recordView: false }, operator), 'not-found');
    await expectAppError(client.operatorQueryListings({ state: 'draft', page: 1, perPage: 10 }, operator), 'validation-invalid-params');
    await expectAppError(client.getOwnListing({ id }, vines), 'not-found');
    await expectAppError(client.getListing({ id, recordView: false }, anon), 'not-found');
    await expectAppError(client.getListing({ id, recordView: false }, buyer), 'not-found');
    await expectAppError(client.updateListing({ stock: undefined, id, fields: beer('Mine now'), updateMask: ['title'], expectedVersion: 0 }, vines), 'not-found');
    const own = await client.queryOwnListings({ page: 1, perPage: 0, state: '' }, hops);
    expect(own.listings.map((l) => l.id)).toContain(id);
    expect(own.pagination?.perPage).toBe(42);
  });

  it('refuses listing writes from anyone but a supplier', async () => {
    await expectAppError(client.createListing({ fields: beer('Nope'), stockQuantity: 0 }, anon), 'auth-unauthenticated');
    await expectAppError(client.createListing({ fields: beer('Nope'), stockQuantity: 0 }, buyer), 'forbidden');
    await expectAppError(client.createListing({ fields: beer('Nope'), stockQuantity: 0 }, operator), 'forbidden');
    await expectAppError(client.queryOwnListings({ page: 1, perPage: 10, state: '' }, buyer), 'forbidden');
  });

  it('answers each listing rule with its field and message key', async () => {
    const bad = beer('Bad', 0, {
      category: 'spirit', productType: 'ale', style: 'pale-ale',
      attributes: { juniper: 11, citrus: 2 },
      pricePackages: [
        { packageType: 'keg', size: 25, unit: 'L', quantity: 1, priceCents: 0, sku: '' },
        { packageType: 'can', size: 375, unit: 'ml', quantity: 24, priceCents: 7200, sku: '' },
        { packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: 100, sku: '' },
      ],
    });
    const err = await expectAppError(client.createListing({ fields: bad, stockQuantity: -1 }, hops), 'validation-invalid-params');
    expect(err.meta?.fields).toMatchObject({ stockQuantity: 'validation.stockInvalid' });
    const err2 = await expectAppError(client.createListing({ fields: bad, stockQuantity: 0 }, hops), 'validation-invalid-params');
    expect(err2.meta?.fields).toMatchObject({
      productType: 'validation.productTypeInvalid',
      style: 'validation.styleInvalid',
      'attributes.juniper': 'validation.attributeAboveTen',
      'attributes.floral': 'validation.attributesIncomplete',
      'pricePackages.0.size': 'validation.packageSizeInvalid',
      'pricePackages.0.priceCents': 'validation.priceAboveZero',
      'pricePackages.2.packageType': 'validation.packageTypeInvalid',
    });
    expect(err2.meta?.fields).not.toHaveProperty(['pricePackages.1.size']);
  });

  it('publishes a complete draft straight away when the supplier publishes directly, and writes the event', async () => {
    const { listing: draft } = await client.createListing({ fields: beer('Hazy Daze IPA'), stockQuantity: 12 }, hops);
    const id = draft?.id ?? '';
    const incomplete = await expectAppError(client.publishListing({ id }, hops), 'validation-invalid-params');
    expect(incomplete.meta?.fields).toMatchObject({ imageIds: 'validation.imagesRequired' });
    const image = await upload();
    expect(image.variants.map((v) => v.name)).toEqual(['scaled-400', 'scaled-800', 'scaled-1600', 'scaled-2400', 'listing-card', 'listing-card-2x']);
    expect(image.variants.find((v) => v.name === 'listing-card')).toMatchObject({ width: 400, height: 400, url: `/images/${image.id}/listing-card` });
    expect(image.variants.find((v) => v.name === 'scaled-1600')).toMatchObject({ width: 900, height: 600 });
    const withImage = (await client.addListingImage({ id, imageId: image.id }, hops)).listing;
    expect(withImage?.images.map((i) => i.id)).toEqual([image.id]);
    const published = (await client.publishListing({ id }, hops)).listing;
    expect(published).toMatchObject({ state: 'published', priceCents: 24_000, stockQuantity: 12 });
    expect(published?.publishedAt).not.toBe('');
    await flush();
    expect(h.events.some((e) => e.type === ListingPublished.subject && e.aggregateId === id)).toBe(true);
    expect((await client.getListing({ id, recordView: true }, anon)).listing?.state).toBe('published');
    await expectAppError(client.publishListing({ id }, hops), 'transaction-invalid-transition');
    const bytes = await client.getImageVariant({ imageId: image.id, variant: 'listing-card-2x' }, anon);
    expect(bytes.contentType).toBe('image/jpeg');
    expect((await sharp(Buffer.from(bytes.data)).metadata()).width).toBe(800);
  });

  it('sends a new supplier’s listing to the operator, who approves or rejects it', async () => {
    const image = await upload(vines);
    const wine = catalog.ListingFields.fromPartial({
      listingType: 'product', title: 'Lane Shiraz 2021', description: 'Dark fruit and pepper.', category: 'wine', productType: 'red', style: 'full-bodied',
      attributes: { variety: 'Shiraz', region: 'Heathcote', soilType: 'Cambrian greenstone', vintage: '2021', traditionalOwners: 'Taungurung' },
      pricePackages: [{ packageType: 'bottle', size: 750, unit: 'ml', quantity: 12, priceCents: 28_800, sku: 'SHZ21' }],
      location: { address: 'Heathcote VIC', state: 'VIC', postcode: '3523', lat: 0, lng: 0 }, shippingEnabled: true, imageIds: [image.id],
    });
    const a = (await client.createListing({ fields: wine, stockQuantity: 30 }, vines)).listing?.id ?? '';
    const b = (await client.createListing({ fields: wine, stockQuantity: 30 }, vines)).listing?.id ?? '';
    expect((await client.publishListing({ id: a }, vines)).listing?.state).toBe('pendingApproval');
    expect((await client.publishListing({ id: b }, vines)).listing?.state).toBe('pendingApproval');
    await expectAppError(client.getListing({ id: a, recordView: false }, buyer), 'not-found');
    expect((await search({ keywords: 'Lane Shiraz' })).listings).toHaveLength(0);
    await expectAppError(client.operatorQueryListings({ state: 'pendingApproval', page: 1, perPage: 10 }, hops), 'forbidden');
    await expectAppError(client.approveListing({ id: a }, vines), 'forbidden');
    const queue = await client.operatorQueryListings({ state: '', page: 1, perPage: 10 }, operator);
    expect(queue.listings.map((l) => l.id)).toEqual(expect.arrayContaining([a, b]));
    expect((await client.approveListing({ id: a }, operator)).listing?.state).toBe('published');
    const rejected = (await client.rejectListing({ id: b, reason: 'Add the vintage to the title' }, operator)).listing;
    expect(rejected).toMatchObject({ state: 'draft', rejectionReason: 'Add the vintage to the title' });
    await expectAppError(client.approveListing({ id: a }, operator), 'transaction-invalid-transition');
    expect((await search({ keywords: 'shiraz' })).listings.map((l) => l.id)).toEqual([a]);
    await flush();
    expect(h.events.some((e) => e.type === ListingPendingApproval.subject && e.aggregateId === a)).toBe(true);
    expect(h.events.some((e) => e.type === ListingRejected.subject && e.aggregateId === b)).toBe(true);
  });

  it('closes, opens and deletes by the transition table; another supplier can never change the listing', async () => {
    const listing = await publishedBeer('Transition Lager');
    const id = listing.id;
    await expectAppError(client.closeListing({ id }, vines), 'forbidden');
    await expectAppError(client.updateListing({ stock: undefined, id, fields: beer('Stolen'), updateMask: ['title'], expectedVersion: 0 }, vines), 'forbidden');
    await expectAppError(client.setStock({ id, oldTotal: 10, newTotal: 0 }, vines), 'forbidden');
    await expectAppError(client.deleteListing({ id }, vines), 'forbidden');
    await expectAppError(client.deleteListing({ id }, hops), 'transaction-invalid-transition');
    expect((await client.closeListing({ id }, hops)).listing?.state).toBe('closed');
    expect((await client.getListing({ id, recordView: false }, anon)).listing?.state).toBe('closed');
    expect((await client.openListing({ id }, hops)).listing?.state).toBe('published');
    await client.closeListing({ id }, hops);
    await client.deleteListing({ id }, hops);
    await expectAppError(client.getListing({ id, recordView: false }, anon), 'not-found');
    await expectAppError(client.getOwnListing({ id }, hops), 'not-found');
    const draft = (await client.createListing({ fields: beer('Discard me'), stockQuantity: 0 }, hops)).listing?.id ?? '';
    await client.deleteListing({ id: draft }, hops);
    await expectAppError(client.getOwnListing({ id: draft }, hops), 'not-found');
    await flush();
    expect(h.events.some((e) => e.type === ListingDeleted.subject && e.aggregateId === id)).toBe(true);
  });

  it('updates only the masked fields and keeps a live listing publishable', async () => {
    const listing = await publishedBeer('Update Ale');
    const out = await client.updateListing({ stock: undefined, id: listing.id, fields: beer('Updated Ale', 1), updateMask: ['title'], expectedVersion: listing.version }, hops);
    expect(out.listing).toMatchObject({ slug: 'updated-ale', priceCents: 24_000 });
    const err = await expectAppError(
      client.updateListing({ stock: undefined, id: listing.id, fields: catalog.ListingFields.fromPartial({ pricePackages: [] }), updateMask: ['pricePackages'], expectedVersion: 0 }, hops),
      'validation-invalid-params',
    );
    expect(err.meta?.fields).toMatchObject({ pricePackages: 'validation.pricePackagesRequired' });
    await expectAppError(client.updateListing({ stock: undefined, id: listing.id, fields: beer('x'), updateMask: ['title'], expectedVersion: listing.version }, hops), 'transaction-invalid-transition');
    await expectAppError(client.updateListing({ stock: undefined, id: listing.id, fields: beer('x'), updateMask: ['listingType'], expectedVersion: 0 }, hops), 'validation-invalid-params');
    const foreign = await upload(vines);
    const stolen = await expectAppError(
      client.updateListing({ stock: undefined, id: listing.id, fields: beer('x', 1, { imageIds: [foreign.id] }), updateMask: ['imageIds'], expectedVersion: 0 }, hops),
      'validation-invalid-params',
    );
    expect(stolen.meta?.fields).toMatchObject({ imageIds: 'validation.imageNotFound' });
  });

  it('duplicates a listing as a draft with the same fields and images and no stock', async () => {
    const source = await publishedBeer('Duplicate Pils', 19_900, 40);
    const copy = (await client.duplicateListing({ id: source.id }, hops)).listing;
    expect(copy).toMatchObject({ state: 'draft', stockQuantity: 0, priceCents: 19_900, slug: 'duplicate-pils' });
    expect(copy?.id).not.toBe(source.id);
    expect(copy?.images.map((i) => i.id)).toEqual(source.images.map((i) => i.id));
    expect(copy?.fields?.attributes).toEqual(source.fields?.attributes);
    await expectAppError(client.duplicateListing({ id: source.id }, vines), 'forbidden');
  });

  it('sets stock by compare-and-set only', async () => {
    const listing = await publishedBeer('Stock Stout', 20_000, 5);
    expect((await client.setStock({ id: listing.id, oldTotal: 5, newTotal: 8 }, hops)).listing?.stockQuantity).toBe(8);
    const stale = await expectAppError(client.setStock({ id: listing.id, oldTotal: 5, newTotal: 9 }, hops), 'old-total-mismatch');
    expect(stale.meta).toMatchObject({ currentTotal: 8 });
    await expectAppError(client.setStock({ id: listing.id, oldTotal: 8, newTotal: -1 }, hops), 'validation-invalid-params');
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.stockQuantity).toBe(8);
    await flush();
    expect(h.events.some((e) => e.type === StockChanged.subject && e.aggregateId === listing.id && (e.data as { reason: string }).reason === 'set')).toBe(true);
  });

  it('reserves, commits and releases stock, each idempotent by reservation id', async () => {
    const listing = await publishedBeer('Reserve Red', 20_000, 5);
    const stock = async () => (await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.stockQuantity;
    const line = (quantity: number) => [{ listingId: listing.id, quantity }];
    await expectAppError(client.reserveStock({ reservationId: 'checkout-0001', lines: line(1), ttlSeconds: 0 }, hops), 'forbidden');
    const r = (await client.reserveStock({ reservationId: 'checkout-0001', lines: line(3), ttlSeconds: 0 }, anon)).reservation;
    expect(r).toMatchObject({ state: 'reserved', lines: line(3) });
    expect(await stock()).toBe(2);
    expect((await client.reserveStock({ reservationId: 'checkout-0001', lines: line(3), ttlSeconds: 0 }, anon)).reservation?.state).toBe('reserved');
    expect(await stock()).toBe(2);
    await expectAppError(client.reserveStock({ reservationId: 'checkout-0001', lines: line(1), ttlSeconds: 0 }, anon), 'validation-invalid-params');
    const short = await expectAppError(client.reserveStock({ reservationId: 'checkout-0002', lines: line(3), ttlSeconds: 0 }, buyer), 'transaction-listing-insufficient-stock');
    expect(short.meta).toMatchObject({ listingId: listing.id, available: 2 });
    await expectAppError(client.commitReservation({ reservationId: 'checkout-0002' }, anon), 'not-found');
    expect((await client.releaseReservation({ reservationId: 'checkout-0001' }, anon)).reservation?.state).toBe('released');
    expect((await client.releaseReservation({ reservationId: 'checkout-0001' }, anon)).reservation?.state).toBe('released');
    expect(await stock()).toBe(5);
    await expectAppError(client.commitReservation({ reservationId: 'checkout-0001' }, anon), 'transaction-invalid-transition');
    await client.reserveStock({ reservationId: 'checkout-0003', lines: line(5), ttlSeconds: 0 }, anon);
    expect((await client.commitReservation({ reservationId: 'checkout-0003' }, anon)).reservation?.state).toBe('committed');
    expect((await client.commitReservation({ reservationId: 'checkout-0003' }, anon)).reservation?.state).toBe('committed');
    expect(await stock()).toBe(0);
    expect((await search({ keywords: 'Reserve Red' })).listings).toHaveLength(0);
    await client.closeListing({ id: listing.id }, hops);
    await expectAppError(client.reserveStock({ reservationId: 'checkout-0004', lines: line(1), ttlSeconds: 0 }, anon), 'transaction-listing-not-found');
  });

  it('lets only the reservation’s owner commit or release it', async () => {
    const listing = await publishedBeer('Owned Reservation Ale', 20_000, 4);
    const line = [{ listingId: listing.id, quantity: 2 }];
    const otherBuyer = ctxOf('44444444-4444-4444-8444-444444444444', 'buyer');
    await client.reserveStock({ reservationId: 'owned-0001', lines: line, ttlSeconds: 0 }, buyer);
    await expectAppError(client.releaseReservation({ reservationId: 'owned-0001' }, otherBuyer), 'not-found');
    await expectAppError(client.commitReservation({ reservationId: 'owned-0001' }, anon), 'not-found');
    await expectAppError(client.reserveStock({ reservationId: 'owned-0001', lines: line, ttlSeconds: 0 }, otherBuyer), 'validation-invalid-params');
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.stockQuantity).toBe(2);
    expect((await client.releaseReservation({ reservationId: 'owned-0001' }, buyer)).reservation?.state).toBe('released');
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.stockQuantity).toBe(4);
  });

  it('releases reservations that outlive their time', async () => {
    const listing = await publishedBeer('Expiry Ale', 20_000, 4);
    await client.reserveStock({ reservationId: 'checkout-expiring', lines: [{ listingId: listing.id, quantity: 4 }], ttlSeconds: 60 }, anon);
    expect(await expireReservations(svc.deps)).toBe(0);
    h.clock.now += 61_000;
    expect(await expireReservations(svc.deps)).toBe(1);
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.stockQuantity).toBe(4);
    expect(await expireReservations(svc.deps)).toBe(0);
  });

  it('searches published listings with stock by keyword, filters, sorts and pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const cheap = await publishedBeer(`${tag} Budget Lager`, 9_900, 3, { productType: 'lager', style: 'pilsner' });
    const dear = await publishedBeer(`${tag} Reserve Barrel Stout`, 39_900, 3, { productType: 'ale', style: 'stout' });
    const mid = await publishedBeer(`${tag} Midweek Pale`, 19_900, 3, { description: `A ${tag} pale with a hazy heart` });
    h.clock.now += 1000;
    const ids3 = (r: catalog.SearchListingsResponse) => r.listings.map((l) => l.id);
    expect(ids3(await search({ keywords: tag, sort: catalog.SortOrder.SORT_ORDER_PRICE_LOW }))).toEqual([cheap.id, mid.id, dear.id]);
    expect(ids3(await search({ keywords: tag, sort: catalog.SortOrder.SORT_ORDER_PRICE_HIGH }))).toEqual([dear.id, mid.id, cheap.id]);
    expect(ids3(await search({ keywords: `${tag} stout` }))).toEqual([dear.id]);
    // relevance: the title match outranks the description-only match
    expect(ids3(await search({ keywords: `${tag} pale` }))[0]).toBe(mid.id);
    expect(ids3(await search({ keywords: tag, styles: ['pilsner'] }))).toEqual([cheap.id]);
    expect(ids3(await search({ keywords: tag, productTypes: ['ale'], sort: catalog.SortOrder.SORT_ORDER_PRICE_LOW }))).toEqual([mid.id, dear.id]);
    expect(ids3(await search({ keywords: tag, priceMinCents: 10_000, priceMaxCents: 19_900 }))).toEqual([mid.id]);
    expect(ids3(await search({ keywords: tag, categories: ['wine'] }))).toEqual([]);
    expect(ids3(await search({ keywords: tag, brandIds: [ids.vines] }))).toEqual([]);
    expect(ids3(await search({ keywords: tag, brandIds: [ids.hops], services: ['canning'], categories: ['beer'] }))).toHaveLength(3);
    const page = await search({ keywords: tag, perPage: 2, page: 2, sort: catalog.SortOrder.SORT_ORDER_PRICE_LOW });
    expect(page.pagination).toEqual({ page: 2, perPage: 2, totalItems: 3, totalPages: 2 });
    expect(ids3(page)).toEqual([dear.id]);
    const all = await search({});
    expect(all.pagination?.perPage).toBe(24);
    expect(all.listings.every((l) => l.state === 'published' && l.stockQuantity > 0)).toBe(true);
    expect(all.listings.every((l) => l.images.length <= 1)).toBe(true);
    await expectAppError(search({ categories: ['whisky'] }), 'validation-invalid-params');
    await expectAppError(search({ brandIds: ['not-a-uuid'] }), 'validation-invalid-params');
    await expectAppError(search({ priceMinCents: 500, priceMaxCents: 100 }), 'validation-invalid-params');
  });

  it('keeps listings offered only in other states out of a buyer’s state search', async () => {
    const tag = `zs${Date.now().toString(36)}`;
    const everywhere = await publishedBeer(`${tag} Everywhere Ale`);
    const eastCoast = await publishedBeer(`${tag} East Coast IPA`, 24_000, 10, { visibleStates: ['NSW', 'VIC', 'QLD'] });
    const westOnly = await publishedBeer(`${tag} West Lager`, 24_000, 10, { visibleStates: ['WA'] });
    const found = async (buyerState: string) => (await search({ keywords: tag, buyerState, sort: catalog.SortOrder.SORT_ORDER_OLDEST })).listings.map((l) => l.id);
    expect(await found('')).toEqual([everywhere.id, eastCoast.id, westOnly.id]);
    expect(await found('VIC')).toEqual([everywhere.id, eastCoast.id]);
    expect(await found('wa')).toEqual([everywhere.id, westOnly.id]);
    expect(await found('TAS')).toEqual([everywhere.id]);
    await expectAppError(search({ buyerState: 'XYZ' }), 'validation-invalid-params');
  });

  it('finds service listings by service category', async () => {
    const image = await upload();
    const fields = catalog.ListingFields.fromPartial({
      listingType: 'service', title: 'Mobile canning line hire', description: 'We bring the canning line to you.', category: 'canning',
      pricePackages: [{ packageType: 'services', size: 0, unit: '', quantity: 1, priceCents: 150_000, sku: 'CAN-DAY' }], imageIds: [image.id],
    });
    const { listing } = await client.createListing({ fields, stockQuantity: 20 }, hops);
    await client.publishListing({ id: listing?.id ?? '' }, hops);
    expect((await search({ services: ['canning'] })).listings.map((l) => l.id)).toContain(listing?.id);
    expect((await search({ categories: ['beer'] })).listings.map((l) => l.id)).not.toContain(listing?.id);
  });

  it('checks uploads by content and stores nothing it refuses', async () => {
    const before = readdirSync(h.imageDir).length;
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const e1 = await expectAppError(client.uploadImage({ data: html, fileName: 'cat.jpg' }, hops), 'unsupported-media-type');
    expect(e1.meta).toMatchObject({ reason: 'not-jpg-gif-png' });
    await expectAppError(client.uploadImage({ data: png.subarray(0, Math.floor(png.length / 2)), fileName: 'cut.png' }, hops), 'validation-invalid-value');
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).webp().toBuffer();
    await expectAppError(client.uploadImage({ data: webp, fileName: 'x.png' }, hops), 'unsupported-media-type');
    const tooBig = Buffer.alloc(20 * 1024 * 1024 + 1, 0);
    png.copy(tooBig);
    await expectAppError(client.uploadImage({ data: tooBig, fileName: 'big.png' }, hops, { deadlineMs: 20_000 }), 'request-upload-over-limit');
    await expectAppError(client.uploadImage({ data: png, fileName: 'a.png' }, anon), 'auth-unauthenticated');
    expect(readdirSync(h.imageDir).length).toBe(before);
    await expectAppError(client.getImageVariant({ imageId: ids.hops, variant: 'listing-card' }, anon), 'not-found');
    await expectAppError(client.getImageVariant({ imageId: '../../etc', variant: 'passwd' }, anon), 'not-found');
    const gif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } }).gif().toBuffer();
    const jpg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00a' } }).jpeg().toBuffer();
    expect((await client.uploadImage({ data: gif, fileName: 'a.bin' }, buyer)).image?.variants).toHaveLength(6);
    expect((await client.uploadImage({ data: jpg, fileName: 'a.png' }, buyer)).image?.variants).toHaveLength(6);
  });

  it('keeps brand pages: collections at most four and unique, images the supplier’s own', async () => {
    const logo = await upload();
    const brand = (await client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({
      description: 'Small-batch ales from Healesville.', deliveryNotes: 'Melbourne metro Tuesdays', collections: ['Core', 'Seasonal'], setCollections: true, logoImageId: logo.id,
    }), hops)).brand;
    expect(brand).toMatchObject({ brandName: 'Hop Hill Brewing', collections: ['Core', 'Seasonal'], logo: { id: logo.id } });
    const err = await expectAppError(client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({ collections: ['A', 'a '], setCollections: true }), hops), 'validation-invalid-params');
    expect(err.meta?.fields).toMatchObject({ collections: 'validation.collectionsNotUnique' });
    await expectAppError(client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({ collections: ['A', 'B', 'C', 'D', 'E'], setCollections: true }), hops), 'validation-invalid-params');
    await expectAppError(client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({ logoImageId: (await upload(vines)).id }), hops), 'validation-invalid-params');
    await expectAppError(client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({}), buyer), 'forbidden');
    const page = (await client.getBrand({ id: ids.hops }, anon)).brand;
    expect(page?.publishedListings).toBeGreaterThan(0);
    expect((await client.listBrands({}, anon)).brands.map((b) => b.id)).toContain(ids.hops);
    await expectAppError(client.getBrand({ id: ids.buyer }, anon), 'not-found');
    const sitemap = await client.listSitemapEntries({ limit: 0 }, anon);
    expect(sitemap.entries.some((e) => e.kind === 'brand' && e.id === ids.hops)).toBe(true);
    expect(sitemap.entries.some((e) => e.kind === 'listing')).toBe(true);
  });

  it('counts page views per listing and day, not the owner’s own', async () => {
    const listing = await publishedBeer('Viewed Vienna Lager');
    await client.getListing({ id: listing.id, recordView: true }, anon);
    await client.getListing({ id: listing.id, recordView: true }, buyer);
    await client.getListing({ id: listing.id, recordView: true }, hops);
    await client.getListing({ id: listing.id, recordView: false }, buyer);
    const rows = await svc.db.selectFrom('listing_page_views').selectAll().where('listing_id', '=', listing.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.views).toBe(2);
  });

  it('follows a supplier’s rename onto the brand page, listings and search; a late older rename changes nothing', async () => {
    const tag = `zr${Date.now().toString(36)}`;
    const listing = await publishedBeer(`${tag} Rename Red`);
    const renamed = async (brandName: string, version: number) => {
      await h.bus.publish({
        id: crypto.randomUUID(), type: UserProfileChanged.subject, occurredAt: new Date().toISOString(), aggregateId: ids.hops, aggregateVersion: version,
        data: { userId: ids.hops, role: 'supplier', displayName: 'Sam Brewer', brandName },
      });
    };
    const brandName = async () => (await client.getBrand({ id: ids.hops }, anon)).brand?.brandName;
    const until = async (want: string) => {
      for (let i = 0; i < 100 && (await brandName()) !== want; i++) await new Promise((r) => setTimeout(r, 20));
    };
    await renamed('Quenda Ales', 1_000);
    await until('Quenda Ales');
    expect(await brandName()).toBe('Quenda Ales');
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.author?.brandName).toBe('Quenda Ales');
    expect((await search({ keywords: `quenda ${tag}` })).listings.map((l) => l.id)).toEqual([listing.id]);
    // An older version delivered late, then a redelivery of the newest: both leave the names alone.
    await renamed(`Stale ${tag}`, 999);
    await renamed('Quenda Ales', 1_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await brandName()).toBe('Quenda Ales');
    // Restore the fixture's brand name for the tests after this one.
    await renamed('Hop Hill Brewing', 1_001);
    await until('Hop Hill Brewing');
    expect(await brandName()).toBe('Hop Hill Brewing');
  });

  // ---- hardening (docs/decisions/015) ----
  const outboxRows = async (aggregateId: string) =>
    (await sql<{ type: string; payload: { data: Record<string, unknown> } }>`select type, payload from outbox where aggregate_id = ${aggregateId} order by seq`.execute(svc.db)).rows;
  const imageRows = async () => Number((await svc.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const pendingOf = async (ctx: CallContext, title: string) => {
    const image = await upload(ctx);
    const id = (await client.createListing({ fields: beer(title, 20_000, { imageIds: [image.id] }), stockQuantity: 5 }, ctx)).listing?.id ?? '';
    expect((await client.publishListing({ id }, ctx)).listing?.state).toBe('pendingApproval');
    return id;
  };

  it('writes catalog.listing.updated with each edit, photo and duplicate, and catalog.listing.deleted with a discard', async () => {
    const listing = await publishedBeer('Outbox Oatmeal Stout');
    const edited = (await client.updateListing({ stock: undefined, id: listing.id, fields: beer('Outbox Oat Stout'), updateMask: ['title'], expectedVersion: listing.version }, hops)).listing;
    const photo = await upload();
    await client.addListingImage({ id: listing.id, imageId: photo.id }, hops);
    const reordered = [photo.id, ...(edited?.images.map((i) => i.id) ?? [])];
    await client.updateListing({ stock: undefined, id: listing.id, fields: beer('x', 1, { imageIds: reordered }), updateMask: ['imageIds'], expectedVersion: 0 }, hops);
    const updates = (await outboxRows(listing.id)).filter((r) => r.type === ListingUpdated.subject).map((r) => r.payload.data);
    expect(updates).toEqual([
      expect.objectContaining({ listingId: listing.id, authorId: ids.hops, state: 'published', title: 'Outbox Oat Stout', changedFields: ['title'] }),
      expect.objectContaining({ changedFields: ['imageIds'] }),
      expect.objectContaining({ changedFields: ['imageIds'], imageIds: reordered }),
    ]);
    expect(updates[0]?.isDuplicate ?? false).toBe(false);
    const copy = (await client.duplicateListing({ id: listing.id }, hops)).listing?.id ?? '';
    expect((await outboxRows(copy)).map((r) => [r.type, r.payload.data.isDuplicate, r.payload.data.sourceListingId])).toEqual([[ListingUpdated.subject, true, listing.id]]);
    await client.deleteListing({ id: copy }, hops);
    expect((await outboxRows(copy)).map((r) => r.type)).toEqual([ListingUpdated.subject, ListingDeleted.subject]);
    expect((await outboxRows(copy))[1]?.payload.data).toMatchObject({ listingId: copy, fromState: 'draft' });
  });

  it('lets a supplier withdraw a listing waiting for approval: DELETE discards it like a draft', async () => {
    const id = await pendingOf(vines, 'Withdrawn Riesling');
    await client.deleteListing({ id }, vines);
    await expectAppError(client.getOwnListing({ id }, vines), 'not-found');
    const queue = await client.operatorQueryListings({ state: 'pendingApproval', page: 1, perPage: 100 }, operator);
    expect(queue.listings.map((l) => l.id)).not.toContain(id);
    await expectAppError(client.approveListing({ id }, operator), 'not-found');
    expect((await outboxRows(id)).at(-1)).toMatchObject({ type: ListingDeleted.subject, payload: { data: { fromState: 'pendingApproval' } } });
  });

  it('sends an edit of a live listing back for approval when the supplier may not publish directly', async () => {
    const id = await pendingOf(vines, 'Reviewed Rose');
    expect((await client.approveListing({ id }, operator)).listing?.state).toBe('published');
    const edited = (await client.updateListing({ stock: undefined, id, fields: beer('Unreviewed Rose'), updateMask: ['title'], expectedVersion: 0 }, vines)).listing;
    expect(edited).toMatchObject({ state: 'pendingApproval', fields: { title: 'Unreviewed Rose' } });
    await expectAppError(client.getListing({ id, recordView: false }, anon), 'not-found');
    expect((await outboxRows(id)).slice(-2).map((r) => r.type)).toEqual([ListingUpdated.subject, ListingPendingApproval.subject]);
    expect((await client.approveListing({ id }, operator)).listing?.state).toBe('published');
    // A supplier who publishes directly keeps the listing live.
    const own = await publishedBeer('Trusted Tripel');
    expect((await client.updateListing({ stock: undefined, id: own.id, fields: beer('Trusted Tripel II'), updateMask: ['title'], expectedVersion: 0 }, hops)).listing?.state).toBe('published');
  });

  it('changes nothing for an update whose values equal the stored ones: a live listing stays live, no event, no version bump', async () => {
    const id = await pendingOf(vines, 'Unchanged Chardonnay');
    const approved = (await client.approveListing({ id }, operator)).listing as catalog.Listing;
    expect(approved.state).toBe('published');
    const rows = (await outboxRows(id)).length;
    // The editor's pricing step sends the packages back as they are; other steps send unchanged fields too.
    const same = beer('Unchanged Chardonnay', 20_000, { imageIds: approved.fields?.imageIds ?? [] });
    const untouched = (await client.updateListing({ stock: undefined, id, fields: same, updateMask: ['pricePackages'], expectedVersion: approved.version }, vines)).listing;
    expect(untouched).toMatchObject({ state: 'published', version: approved.version });
    const all = ['title', 'description', 'category', 'productType', 'style', 'attributes', 'pricePackages', 'location', 'pickupEnabled', 'shippingEnabled', 'imageIds'];
    expect((await client.updateListing({ stock: undefined, id, fields: same, updateMask: all, expectedVersion: 0 }, vines)).listing).toMatchObject({ state: 'published', version: approved.version });
    await client.addListingImage({ id, imageId: approved.fields?.imageIds[0] ?? '' }, vines);
    await client.setStock({ id, oldTotal: 5, newTotal: 6 }, vines);
    expect((await client.getListing({ id, recordView: false }, anon)).listing).toMatchObject({ state: 'published', version: approved.version });
    expect((await outboxRows(id)).slice(rows).map((r) => r.type)).toEqual([StockChanged.subject]);
    // A real change among unchanged fields goes back for approval and names only what changed.
    const edited = (await client.updateListing({ stock: undefined, id, fields: { ...same, title: 'Changed Chardonnay' }, updateMask: ['title', 'pricePackages'], expectedVersion: 0 }, vines)).listing;
    expect(edited).toMatchObject({ state: 'pendingApproval', version: approved.version + 1 });
    expect((await outboxRows(id)).slice(rows + 1).map((r) => [r.type, r.payload.data.changedFields])).toEqual([
      [ListingUpdated.subject, ['title']], [ListingPendingApproval.subject, undefined],
    ]);
  });

  it('leaves the listing version alone on stock changes: an edit with the version read before a reservation succeeds', async () => {
    const listing = await publishedBeer('Version Vienna', 20_000, 10);
    const line = [{ listingId: listing.id, quantity: 2 }];
    await client.reserveStock({ reservationId: 'version-0001', lines: line, ttlSeconds: 0 }, anon);
    await client.reserveStock({ reservationId: 'version-0002', lines: line, ttlSeconds: 0 }, anon);
    await client.commitReservation({ reservationId: 'version-0001' }, anon);
    await client.releaseReservation({ reservationId: 'version-0002' }, anon);
    await client.setStock({ id: listing.id, oldTotal: 8, newTotal: 9 }, hops);
    const now = (await client.getOwnListing({ id: listing.id }, hops)).listing;
    expect(now).toMatchObject({ stockQuantity: 9, version: listing.version });
    const out = await client.updateListing({ stock: undefined, id: listing.id, fields: beer('Version Vienna Lager'), updateMask: ['title'], expectedVersion: listing.version }, hops);
    expect(out.listing).toMatchObject({ version: listing.version + 1, stockQuantity: 9 });
  });

  it('answers a retried reserve of a released reservation with 409; a committed one stays idempotent', async () => {
    const listing = await publishedBeer('Retry Rye', 20_000, 6);
    const line = [{ listingId: listing.id, quantity: 2 }];
    await client.reserveStock({ reservationId: 'retry-expired', lines: line, ttlSeconds: 60 }, anon);
    h.clock.now += 61_000;
    expect(await expireReservations(svc.deps)).toBeGreaterThanOrEqual(1);
    const err = await expectAppError(client.reserveStock({ reservationId: 'retry-expired', lines: line, ttlSeconds: 60 }, anon), 'transaction-invalid-transition');
    expect(err.meta).toMatchObject({ reservation: 'released' });
    await client.reserveStock({ reservationId: 'retry-released', lines: line, ttlSeconds: 0 }, anon);
    await client.releaseReservation({ reservationId: 'retry-released' }, anon);
    await expectAppError(client.reserveStock({ reservationId: 'retry-released', lines: line, ttlSeconds: 0 }, anon), 'transaction-invalid-transition');
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.stockQuantity).toBe(6);
    await client.reserveStock({ reservationId: 'retry-committed', lines: line, ttlSeconds: 0 }, anon);
    await client.commitReservation({ reservationId: 'retry-committed' }, anon);
    expect((await client.reserveStock({ reservationId: 'retry-committed', lines: line, ttlSeconds: 0 }, anon)).reservation?.state).toBe('committed');
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.stockQuantity).toBe(4);
  });

  it('keeps room for held units: stock set high leaves space for every reservation, and a release gives back every unit', async () => {
    const listing = await publishedBeer('Capped Kolsch', 20_000, 5);
    await client.reserveStock({ reservationId: 'capped-0001', lines: [{ listingId: listing.id, quantity: 3 }], ttlSeconds: 0 }, anon);
    await client.reserveStock({ reservationId: 'capped-0002', lines: [{ listingId: listing.id, quantity: 1 }], ttlSeconds: 0 }, anon);
    await client.commitReservation({ reservationId: 'capped-0002' }, anon);
    // 4 units are held (3 reserved, 1 committed: both may still come back), so MAX_STOCK − 4 is the most.
    for (const newTotal of [MAX_STOCK, MAX_STOCK - 3]) {
      const err = await expectAppError(client.setStock({ id: listing.id, oldTotal: 1, newTotal }, hops), 'validation-invalid-params');
      expect(err.meta?.fields).toEqual({ newTotal: 'validation.stockInvalid' });
    }
    await client.setStock({ id: listing.id, oldTotal: 1, newTotal: MAX_STOCK - 4 }, hops);
    await client.releaseReservation({ reservationId: 'capped-0001' }, anon);
    await client.releaseReservation({ reservationId: 'capped-0002' }, anon);
    expect((await client.getOwnListing({ id: listing.id }, hops)).listing?.stockQuantity).toBe(MAX_STOCK);
    expect((await client.setStock({ id: listing.id, oldTotal: MAX_STOCK, newTotal: 7 }, hops)).listing?.stockQuantity).toBe(7);
    // The database refuses stock above MAX_STOCK as the last guard.
    await expect(svc.db.updateTable('listings').set({ stock_quantity: MAX_STOCK + 1 }).where('id', '=', listing.id).execute()).rejects.toThrow(/listings_stock_max/);
  });

  it('sweeps on past an expired reservation that cannot be released', async () => {
    const listing = await publishedBeer('Sweep Saison', 20_000, 4);
    await svc.db
      .insertInto('stock_reservations')
      .values({ id: 'sweep-bad-row', state: 'reserved', lines: JSON.stringify([{ listingId: 'not-a-uuid', quantity: 1 }]), owner_id: null, expires_at: new Date(h.clock.now - 1000) })
      .execute();
    await client.reserveStock({ reservationId: 'sweep-good-row', lines: [{ listingId: listing.id, quantity: 3 }], ttlSeconds: 60 }, anon);
    h.clock.now += 61_000;
    expect(await expireReservations(svc.deps)).toBeGreaterThanOrEqual(1);
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.stockQuantity).toBe(4);
    const bad = await svc.db.selectFrom('stock_reservations').selectAll().where('id', '=', 'sweep-bad-row').executeTakeFirstOrThrow();
    expect(bad.state).toBe('reserved');
    expect(new Date(bad.expires_at ?? 0).getTime()).toBeGreaterThan(h.clock.now);
    await svc.db.deleteFrom('stock_reservations').where('id', '=', 'sweep-bad-row').execute();
  });

  // Row locks held by another connection exist on PostgreSQL only (PGlite has one connection).
  if (backend === 'postgres') it('does not sweep again at once when a full batch released nothing (rows locked elsewhere)', async () => {
    const listing = await publishedBeer('Locked Lager', 20_000, 4);
    await client.reserveStock({ reservationId: 'sweep-locked-row', lines: [{ listingId: listing.id, quantity: 1 }], ttlSeconds: 60 }, anon);
    h.clock.now += 61_000;
    const other = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${h.schema}` });
    await other.connect();
    try {
      // Another replica holds the one due row: the sweep skips it and must not ask to run again at once.
      await other.query('begin');
      await other.query(`select id from stock_reservations where id = 'sweep-locked-row' for update`);
      expect(await sweepReservations(svc.deps, 1)).toEqual({ released: 0, due: 1, more: false });
      await other.query('rollback');
      expect(await sweepReservations(svc.deps, 1)).toEqual({ released: 1, due: 1, more: true });
    } finally {
      await other.end();
    }
  });

  it('ignores keywords that are only stop words or symbols instead of matching nothing', async () => {
    const all = (await search({ perPage: 1 })).pagination?.totalItems ?? 0;
    expect(all).toBeGreaterThan(0);
    for (const keywords of ['the', '-', '&&', 'the and of', '!!! ???']) {
      const out = await search({ keywords, perPage: 1 });
      expect([keywords, out.pagination?.totalItems]).toEqual([keywords, all]);
    }
    expect((await search({ keywords: 'the', perPage: 5 })).listings.map((l) => l.id)).toEqual((await search({ perPage: 5 })).listings.map((l) => l.id));
  });

  it('refuses a price filter above the dearest allowed price on field price', async () => {
    for (const req of [{ priceMaxCents: 99_999_999_999 }, { priceMinCents: 100_000_001 }]) {
      const err = await expectAppError(search(req), 'validation-invalid-params');
      expect(err.meta?.fields).toEqual({ price: 'validation.priceRangeInvalid' });
    }
  });

  it('lists a supplier’s sold-out listings for the brand page only when asked, and only for one supplier', async () => {
    const listing = await publishedBeer('Sold Out Stout', 20_000, 1);
    await client.reserveStock({ reservationId: 'sold-out-0001', lines: [{ listingId: listing.id, quantity: 1 }], ttlSeconds: 0 }, anon);
    await client.commitReservation({ reservationId: 'sold-out-0001' }, anon);
    const brandPage = (includeSoldOut: boolean) => search({ brandIds: [ids.hops], includeSoldOut, sort: catalog.SortOrder.SORT_ORDER_NEWEST, perPage: 100 });
    expect((await brandPage(false)).listings.map((l) => l.id)).not.toContain(listing.id);
    expect((await brandPage(true)).listings.find((l) => l.id === listing.id)).toMatchObject({ stockQuantity: 0, state: 'published' });
    for (const brandIds of [[], [ids.hops, ids.vines]]) {
      const err = await expectAppError(search({ brandIds, includeSoldOut: true }), 'validation-invalid-params');
      expect(err.meta?.fields).toEqual({ includeSoldOut: 'validation.invalidValue' });
    }
    await client.closeListing({ id: listing.id }, hops);
    expect((await brandPage(true)).listings.map((l) => l.id)).not.toContain(listing.id);
  });

  it('sorts by highest price from an index, without a sort step', async () => {
    const plan = await svc.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const out = await sql<Record<string, string>>`explain select l.id from listings l where l.state = 'published' and l.stock_quantity > 0
        order by l.price_cents desc, l.created_at desc, l.id desc limit 24`.execute(trx);
      return out.rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    expect(plan).toContain('listings_search_price_desc');
    expect(plan).not.toMatch(/Sort/);
  });

  it('refuses a complete PNG whose image data is corrupt, and stores nothing', async () => {
    const corrupt = corruptPngImageData(png);
    expect(corrupt.length).toBe(png.length);
    const filesBefore = readdirSync(h.imageDir).length;
    const rowsBefore = await imageRows();
    const err = await expectAppError(client.uploadImage({ data: corrupt, fileName: 'photo.png' }, hops), 'validation-invalid-value');
    expect(err.meta?.fields).toEqual({ image: 'validation.imageUnreadable' });
    expect(readdirSync(h.imageDir).length).toBe(filesBefore);
    expect(await imageRows()).toBe(rowsBefore);
  });

  it('takes a deleted supplier’s pending listings out of the operator queue and never approves them', async () => {
    const pending = await pendingOf(quitter, 'Last Call Lambic');
    const raced = await pendingOf(quitter, 'Late Approval Ale');
    // An approval racing the deletion: the brand is already hidden when the operator approves.
    await svc.db.updateTable('brands').set({ hidden: true }).where('id', '=', ids.quitter).execute();
    const refused = await expectAppError(client.approveListing({ id: raced }, operator), 'transaction-invalid-transition');
    expect(refused.meta).toMatchObject({ reason: 'supplier-deleted' });
    await h.bus.publish({ id: crypto.randomUUID(), type: UserDeleted.subject, occurredAt: new Date().toISOString(), aggregateId: ids.quitter, aggregateVersion: 1, data: { userId: ids.quitter } });
    const stateOf = async (id: string) => (await client.getOwnListing({ id }, quitter)).listing?.state;
    for (let i = 0; i < 50 && (await stateOf(pending)) !== 'draft'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await stateOf(pending)).toBe('draft');
    expect(await stateOf(raced)).toBe('draft');
    const queue = await client.operatorQueryListings({ state: 'pendingApproval', page: 1, perPage: 100 }, operator);
    expect(queue.listings.map((l) => l.id)).not.toContain(pending);
    expect(queue.listings.map((l) => l.id)).not.toContain(raced);
    await expectAppError(client.approveListing({ id: pending }, operator), 'transaction-invalid-transition');
    expect((await outboxRows(pending)).at(-1)?.type).toBe(ListingRejected.subject);
  });

  it('closes a deleted supplier’s listings and hides the brand', async () => {
    const listing = await publishedBeer('Farewell Porter');
    await h.bus.publish({ id: crypto.randomUUID(), type: UserDeleted.subject, occurredAt: new Date().toISOString(), aggregateId: ids.hops, aggregateVersion: 1, data: { userId: ids.hops } });
    for (let i = 0; i < 50 && (await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.state !== 'closed'; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await client.getListing({ id: listing.id, recordView: false }, anon)).listing?.state).toBe('closed');
    await expectAppError(client.getBrand({ id: ids.hops }, anon), 'not-found');
    // A listing write in flight when the deletion was processed does not show the brand again.
    await client.createListing({ fields: beer('Too Late Lager'), stockQuantity: 1 }, hops);
    await client.updateListing({ stock: undefined, id: listing.id, fields: beer('Farewell Porter Renamed'), updateMask: ['title'], expectedVersion: 0 }, hops);
    await expectAppError(client.getBrand({ id: ids.hops }, anon), 'not-found');
  });

  it('removes uploads that no listing or brand uses after a day, and keeps every image in use', async () => {
    const used = await upload(vines);
    const { listing } = await client.createListing({ fields: beer('Photo Keeper', 24_000, { imageIds: [used.id] }), stockQuantity: 1 }, vines);
    expect(listing?.images.map((i) => i.id)).toEqual([used.id]);
    const logo = await upload(vines);
    await client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({ logoImageId: logo.id }), vines);
    const orphan = await upload(vines);
    const orphanKeys = ['listing-card', 'scaled-400'].map((v) => variantKey(orphan.id, v));
    expect((await svc.deps.images.get(orphanKeys[0]!))?.length).toBeGreaterThan(0);
    // Within a day nothing goes.
    expect((await removeOrphanImages(svc.deps)).removed).toBe(0);
    const saved = h.clock.now;
    h.clock.now += ORPHAN_IMAGE_AGE_MS + 60_000;
    try {
      const out = await removeOrphanImages(svc.deps);
      expect(out.removed).toBeGreaterThanOrEqual(1);
      const left = await svc.db.selectFrom('images').select('id').where('id', 'in', [used.id, logo.id, orphan.id]).execute();
      expect(left.map((r) => r.id).sort()).toEqual([used.id, logo.id].sort());
      for (const key of orphanKeys) expect(await svc.deps.images.get(key)).toBeNull();
      expect((await svc.deps.images.get(variantKey(used.id, 'listing-card')))?.length).toBeGreaterThan(0);
      expect((await removeOrphanImages(svc.deps)).removed).toBe(0);
    } finally {
      h.clock.now = saved;
    }
  });
});
