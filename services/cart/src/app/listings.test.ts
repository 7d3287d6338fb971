/**
 * The cart against the real catalog (started on the same bus, with a supplier directory standing in
 * for identity): listings come over gRPC with the system context, a cart's are loaded in parallel,
 * and what catalog changes shows in the cart.
 */
import { randomUUID } from 'node:crypto';
import { AppError, createClient, LocalEventBus, type PromiseClient } from '@caskade/kit';
import { describeServiceBackends, dropTestSchema, expectAppError, solidPng, TEST_DATABASE_URL, uniqueName, type Backend } from '@caskade/kit/testing';
import { catalogEnv, startCatalog, type CatalogService, type SupplierDirectory } from '@caskade/catalog';
import { cart, catalog } from '@caskade/proto';
import { cartEnv } from '../config';
import { startCart, type CartService } from '../index';
import { ctxOf, MemoryPayoutAccounts, testLogger } from '../testing/harness';
import { catalogListings, loadListings } from './listings';

const brewer = ctxOf(randomUUID(), 'supplier');
const buyer = ctxOf(randomUUID(), 'buyer');

/** The catalog's stand-in for identity: the brewer publishes directly. */
const directory: SupplierDirectory = {
  currentSupplier: async (ctx) => {
    if (ctx.caller?.userId !== brewer.caller?.userId) throw new AppError('forbidden');
    return { id: brewer.caller?.userId ?? '', brandName: 'Real Catalog Brewing', displayName: 'Rita Brewer', published: true };
  },
};

interface Both {
  catalogSvc: CatalogService;
  cartSvc: CartService;
  catalogClient: PromiseClient<typeof catalog.CatalogServiceService>;
  cartClient: PromiseClient<typeof cart.CartServiceService>;
  publish(title: string, stock: number): Promise<catalog.Listing>;
  stop(): Promise<void>;
}

async function startBoth(backend: Backend): Promise<Both> {
  const db = backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {};
  const bus = new LocalEventBus({ logger: testLogger });
  const catalogSchema = uniqueName('cart_catalog_test');
  const cartSchema = uniqueName('cart_test');
  const catalogSvc = await startCatalog({ env: catalogEnv.parse({ DATA_DIR: ':memory:', IDENTITY_ADDR: '127.0.0.1:1', ...db }), bus, logger: testLogger, schema: catalogSchema, directory });
  const cartSvc = await startCart({ env: cartEnv.parse({ DATA_DIR: ':memory:', CATALOG_ADDR: catalogSvc.grpcAddress, PAYMENTS_ADDR: '127.0.0.1:1', ...db }), bus, logger: testLogger, schema: cartSchema, payoutAccounts: new MemoryPayoutAccounts() });
  const catalogClient = createClient(catalog.CatalogServiceService, catalogSvc.grpcAddress);
  const cartClient = createClient(cart.CartServiceService, cartSvc.grpcAddress);
  let image: Promise<catalog.Image | undefined> | undefined;
  return {
    catalogSvc,
    cartSvc,
    catalogClient,
    cartClient,
    async publish(title, stock) {
      image ??= catalogClient.uploadImage({ data: solidPng(64, 48), fileName: 'photo.png' }, brewer, { deadlineMs: 20_000 }).then((r) => r.image);
      const imageId = (await image)?.id ?? '';
      const fields = catalog.ListingFields.fromPartial({
        listingType: 'product', title, description: `${title}: a crisp ale from the Yarra Valley.`, category: 'beer', productType: 'ale', style: 'pale-ale',
        attributes: { alcoholicPercent: 4.8, colour: 'Gold', malts: 'Pale', hops: 'Galaxy', vegan: true },
        pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 24_000, sku: 'KEG-50' }],
        location: { address: '12 Brewery Lane, Healesville VIC', state: 'VIC', postcode: '3777', lat: -37.65, lng: 145.51 },
        pickupEnabled: true, shippingEnabled: false, imageIds: [imageId],
      });
      const draft = (await catalogClient.createListing({ fields, stockQuantity: stock }, brewer)).listing?.id ?? '';
      const published = (await catalogClient.publishListing({ id: draft }, brewer)).listing;
      if (published?.state !== 'published') throw new Error(`${title} did not publish`);
      return published;
    },
    async stop() {
      cartClient.close();
      catalogClient.close();
      await cartSvc.stop();
      await catalogSvc.stop();
      await bus.close();
      await dropTestSchema(backend, cartSchema);
      await dropTestSchema(backend, catalogSchema);
    },
  };
}

describeServiceBackends('the cart on the real catalog', startBoth, (h, { test: it }) => {
  const line = (listingId: string, quantity: number) => ({ listingId, packageIndex: 0, quantity, deliveryMethod: '' });

  it('loads listings over gRPC in parallel, null for those catalog does not have', async () => {
    const { catalogClient, publish } = h();
    const a = await publish('Parallel Pils', 4);
    const b = await publish('Parallel Porter', 2);
    const missing = randomUUID();
    const found = await loadListings(catalogListings(catalogClient), [a.id, b.id, missing, a.id]);
    expect([...found.entries()].map(([id, l]) => [id, l?.fields?.title ?? null, l?.stockQuantity ?? null])).toEqual([
      [a.id, 'Parallel Pils', 4], [b.id, 'Parallel Porter', 2], [missing, null, null],
    ]);
  });

  it('adds a catalog listing to the cart and follows catalog’s stock and state', async () => {
    const { cartClient, catalogClient, publish } = h();
    const listing = await publish('Catalog Kolsch', 3);
    const added = await cartClient.addToCart(line(listing.id, 2), buyer);
    const entry = added.cart?.suppliers[0]?.entries[0];
    expect([added.cart?.suppliers[0]?.supplierName, entry?.listingTitle, entry?.deliveryMethod, entry?.available, entry?.problem, entry?.imageUrl.length ? 'image' : 'none'])
      .toEqual(['Real Catalog Brewing', 'Catalog Kolsch', 'pickup', 3, '', 'image']);
    expect(added.cart?.suppliers[0]?.priced?.payinTotalCents).toBe(52_800);
    const over = await expectAppError(cartClient.addToCart(line(listing.id, 2), buyer), 'validation-invalid-params');
    expect(over.meta?.fields).toEqual({ quantity: 'quantityOverMsg' });
    await catalogClient.setStock({ id: listing.id, oldTotal: 3, newTotal: 1 }, brewer);
    const short = (await cartClient.getCart({}, buyer)).cart?.suppliers[0]?.entries[0];
    expect([short?.available, short?.problem]).toEqual([1, 'not-enough-stock']);
    await catalogClient.closeListing({ id: listing.id }, brewer);
    const closed = (await cartClient.getCart({}, buyer)).cart;
    expect([closed?.suppliers[0]?.entries[0]?.problem, closed?.canCheckOut]).toEqual(['listing-unavailable', false]);
    await expectAppError(cartClient.addToCart(line(listing.id, 1), buyer), 'transaction-listing-not-found');
  }, 30_000);
});
