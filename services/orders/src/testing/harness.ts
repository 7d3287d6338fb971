/**
 * The orders service started for its tests with the real services it calls — catalog (a supplier
 * directory standing in for identity), payments on the sandbox, cart — each on its own schema of
 * the same backend (PGlite or PostgreSQL), on one local bus. Orders runs on a clock the test moves
 * and with its timer loop off: tests fire timers themselves (runDueTimers), on as many replicas as
 * they start (PostgreSQL only: replicas share one schema). Identity runs too: each buyer is a real
 * account, with a liquor licence on file unless a test asks for none (ADR 042).
 */
import { randomUUID } from 'node:crypto';
import { AppError, createClient, createLogger, LocalEventBus, type CallContext, type PromiseClient, type Role } from '@caskade/kit';
import { describeServiceBackends, describeWithServices, dropTestSchema, pgliteService, postgresService, solidPng, TEST_DATABASE_URL, uniqueName, type Backend, type GatedSuite, type ServiceGate } from '@caskade/kit/testing';
import { catalogEnv, startCatalog, type CatalogService, type SupplierDirectory } from '@caskade/catalog';
import { cartEnv, startCart, type CartService } from '@caskade/cart';
import { identityEnv, startIdentity, type IdentityService } from '@caskade/identity';
import { paymentsEnv, startPayments, type PaymentsService } from '@caskade/payments';
import { cart, catalog, identity, orders, payments } from '@caskade/proto';
import { ordersEnv } from '../config';
import { startOrders, type OrdersService } from '../index';

export const testLogger = createLogger('orders-test', process.env.TEST_LOG_LEVEL ?? 'silent');

export const ctxOf = (userId: string, role: Role): CallContext => ({ requestId: 'test', caller: { userId, role, scopes: [] } });
export const system: CallContext = { requestId: 'test', caller: null };

export interface OrdersHarness {
  backend: Backend;
  orders: OrdersService;
  catalogSvc: CatalogService;
  paymentsSvc: PaymentsService;
  cartSvc: CartService;
  identitySvc: IdentityService;
  client: PromiseClient<typeof orders.OrdersServiceService>;
  identityClient: PromiseClient<typeof identity.IdentityServiceService>;
  catalogClient: PromiseClient<typeof catalog.CatalogServiceService>;
  cartClient: PromiseClient<typeof cart.CartServiceService>;
  paymentsClient: PromiseClient<typeof payments.PaymentsServiceService>;
  clock: { now: number };
  /** A supplier with a sandbox payout account, known to the catalog's directory. */
  supplier(brandName?: string): Promise<CallContext>;
  /** A buyer account (with a liquor licence on file unless `liquorLicence: false`) and one default delivery address; answers its context and the address id. */
  buyer(opts?: { liquorLicence?: boolean }): Promise<{ ctx: CallContext; addressId: string }>;
  /** A published beer of `supplier` (a $240 keg, pickup) with `stock` units. */
  listing(supplier: CallContext, title: string, stock: number, opts?: { visibleStates?: string[] }): Promise<catalog.Listing>;
  stockOf(listingId: string): Promise<number>;
  /** Another orders process on the same schema and clock (PostgreSQL only). */
  replica(): Promise<OrdersService>;
  stop(): Promise<void>;
}

/** The services orders calls, on one backend and one bus: started once, shared by every suite of a file (see shareOrdersServices). */
interface CalledServices {
  backend: Backend;
  bus: LocalEventBus;
  env: Record<string, string>;
  catalogSvc: CatalogService;
  paymentsSvc: PaymentsService;
  cartSvc: CartService;
  identitySvc: IdentityService;
  identityClient: PromiseClient<typeof identity.IdentityServiceService>;
  catalogClient: PromiseClient<typeof catalog.CatalogServiceService>;
  cartClient: PromiseClient<typeof cart.CartServiceService>;
  paymentsClient: PromiseClient<typeof payments.PaymentsServiceService>;
  brands: Map<string, string>;
  images: Map<string, Promise<string>>;
  stop(): Promise<void>;
}

async function startCalledServices(backend: Backend): Promise<CalledServices> {
  const db: Record<string, string> = backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {};
  const bus = new LocalEventBus({ logger: testLogger, retryBaseMs: 5, retryMaxMs: 50 });
  const schemas = { catalog: uniqueName('orders_catalog_test'), payments: uniqueName('orders_payments_test'), cart: uniqueName('orders_cart_test'), identity: uniqueName('orders_identity_test') };
  const brands = new Map<string, string>();
  const directory: SupplierDirectory = {
    currentSupplier: async (ctx) => {
      const brandName = brands.get(ctx.caller?.userId ?? '');
      if (!brandName) throw new AppError('forbidden');
      return { id: ctx.caller?.userId ?? '', brandName, displayName: brandName, published: true };
    },
  };
  const env: Record<string, string> = { DATA_DIR: ':memory:', LOG_LEVEL: 'silent', ...db };
  const catalogSvc = await startCatalog({ env: catalogEnv.parse({ ...env, IDENTITY_ADDR: '127.0.0.1:1' }), bus, logger: testLogger, schema: schemas.catalog, directory });
  const paymentsSvc = await startPayments({ env: paymentsEnv.parse({ ...env, SANDBOX_BECS_SETTLE_SECONDS: '0' }), bus, logger: testLogger, schema: schemas.payments, pollMs: 50 });
  const cartSvc = await startCart({ env: cartEnv.parse({ ...env, CATALOG_ADDR: catalogSvc.grpcAddress, PAYMENTS_ADDR: paymentsSvc.grpcAddress }), bus, logger: testLogger, schema: schemas.cart });
  const identitySvc = await startIdentity({ env: identityEnv.parse(env), bus, logger: testLogger, schema: schemas.identity });
  const catalogClient = createClient(catalog.CatalogServiceService, catalogSvc.grpcAddress);
  const cartClient = createClient(cart.CartServiceService, cartSvc.grpcAddress);
  const paymentsClient = createClient(payments.PaymentsServiceService, paymentsSvc.grpcAddress);
  const identityClient = createClient(identity.IdentityServiceService, identitySvc.grpcAddress);
  return {
    backend, bus, env, catalogSvc, paymentsSvc, cartSvc, identitySvc, identityClient, catalogClient, cartClient, paymentsClient, brands, images: new Map(),
    async stop() {
      for (const c of [catalogClient, cartClient, paymentsClient, identityClient]) c.close();
      await cartSvc.stop();
      await paymentsSvc.stop();
      await catalogSvc.stop();
      await identitySvc.stop();
      await bus.close();
      for (const schema of Object.values(schemas)) await dropTestSchema(backend, schema);
    },
  };
}

/**
 * The orders service on a schema (and clock) of its own, calling `called`: a suite's orders data,
 * timers included, is its own even when the services it calls are shared with other suites.
 */
async function startOrdersOn(called: CalledServices): Promise<OrdersHarness> {
  const { backend, bus, env, catalogSvc, paymentsSvc, cartSvc, identitySvc, identityClient, catalogClient, cartClient, paymentsClient, brands, images } = called;
  const schema = uniqueName('orders_test');
  const clock = { now: Date.now() };
  const ordersEnvValues = ordersEnv.parse({
    ...env, IDENTITY_ADDR: identitySvc.grpcAddress, CATALOG_ADDR: catalogSvc.grpcAddress, CART_ADDR: cartSvc.grpcAddress, PAYMENTS_ADDR: paymentsSvc.grpcAddress,
  });
  const startOne = (on = bus) => startOrders({ env: ordersEnvValues, bus: on, logger: testLogger, schema, now: () => new Date(clock.now), timerPollMs: 0 });
  const replicaBuses: LocalEventBus[] = [];
  const ordersSvc = await startOne();
  const replicas: OrdersService[] = [];
  const client = createClient(orders.OrdersServiceService, ordersSvc.grpcAddress);

  return {
    backend,
    orders: ordersSvc,
    catalogSvc,
    paymentsSvc,
    cartSvc,
    identitySvc,
    client,
    identityClient,
    catalogClient,
    cartClient,
    paymentsClient,
    clock,
    async supplier(brandName = `Brewery ${randomUUID().slice(0, 8)}`) {
      const ctx = ctxOf(randomUUID(), 'supplier');
      brands.set(ctx.caller?.userId ?? '', brandName);
      await paymentsClient.createSandboxPayoutAccount({ supplierId: ctx.caller?.userId ?? '' }, system);
      return ctx;
    },
    async buyer({ liquorLicence = true } = {}) {
      const signedUp = await identityClient.signUp({
        userType: 'buyer', email: `buyer-${randomUUID()}@example.com`, password: 'correct horse battery', agreeTerms: true,
        profile: identity.Profile.fromPartial({ firstName: 'Ava', lastName: 'Nguyen', companyName: 'Fitzroy Alehouse', abnAcn: '51824753556', phoneNumber: '0412345678' }),
      }, system, { deadlineMs: 20_000 });
      const ctx = ctxOf(signedUp.user?.id ?? '', 'buyer');
      if (liquorLicence) await identityClient.setLiquorLicence({ number: 'LIQ32012345', state: 'VIC' }, ctx);
      const out = await cartClient.createDeliveryAddress({
        fields: { name: 'Fitzroy Alehouse', street: '214 Brunswick St', city: 'Fitzroy', state: 'VIC', country: 'AU', postalCode: '3065', phone: '0412345678', email: 'bar@example.com', isDefault: true },
      }, ctx);
      return { ctx, addressId: out.address?.id ?? '' };
    },
    async listing(supplier, title, stock, { visibleStates = [] } = {}) {
      // Images belong to their uploader: each supplier uploads one, once.
      const owner = supplier.caller?.userId ?? '';
      let image = images.get(owner);
      if (!image) {
        image = catalogClient.uploadImage({ data: solidPng(64, 48), fileName: 'keg.png' }, supplier, { deadlineMs: 20_000 }).then((r) => r.image?.id ?? '');
        images.set(owner, image);
      }
      const imageId = await image;
      const fields = catalog.ListingFields.fromPartial({
        listingType: 'product', title, description: `${title}, for the trade.`, category: 'beer', productType: 'ale', style: 'pale-ale',
        attributes: { alcoholicPercent: 4.8, colour: 'Gold', malts: 'Pale', hops: 'Galaxy', vegan: true },
        pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents: 24_000, sku: 'KEG-50' }],
        location: { address: '12 Brewery Lane, Healesville VIC', state: 'VIC', postcode: '3777', lat: -37.65, lng: 145.51 },
        pickupEnabled: true, shippingEnabled: false, imageIds: [imageId], visibleStates,
      });
      const draft = (await catalogClient.createListing({ fields, stockQuantity: stock }, supplier)).listing?.id ?? '';
      const published = (await catalogClient.publishListing({ id: draft }, supplier)).listing;
      if (published?.state !== 'published') throw new Error(`${title} did not publish`);
      return published;
    },
    async stockOf(listingId) {
      return (await catalogClient.getListing({ id: listingId, recordView: false }, system)).listing?.stockQuantity ?? -1;
    },
    async replica() {
      if (backend !== 'postgres') throw new Error('replicas share one PostgreSQL schema');
      // A replica consumes on a bus of its own (one local bus takes one subscriber per durable consumer).
      const own = new LocalEventBus({ logger: testLogger });
      replicaBuses.push(own);
      const r = await startOne(own);
      replicas.push(r);
      return r;
    },
    async stop() {
      client.close();
      for (const r of replicas) await r.stop();
      for (const b of replicaBuses) await b.close();
      await ordersSvc.stop();
      await dropTestSchema(backend, schema);
    },
  };
}

/** Orders and every service it calls, all started for one suite and stopped with it. */
export async function startOrdersHarness(backend: Backend): Promise<OrdersHarness> {
  const called = await startCalledServices(backend);
  try {
    const harness = await startOrdersOn(called);
    return { ...harness, stop: async () => { await harness.stop(); await called.stop(); } };
  } catch (err) {
    await called.stop();
    throw err;
  }
}

/** Set by shareOrdersServices: the suites of this file share the services orders calls. */
let shared: { backend: Backend; gate: ServiceGate; called: () => Promise<CalledServices> } | undefined;

/**
 * For a file that gathers the orders suites on one backend (services/orders/src/app/orders-on-*.test.ts):
 * import it first, then the suites. Catalog, payments, cart and identity start once, with the first
 * suite, and stop after the last; each suite still gets its own orders service, schema and clock
 * (startOrdersOn), and its own users and listings as before. Starting the four called services was
 * most of each suite's time on PGlite (docs/decisions/066).
 */
export function shareOrdersServices(backend: Backend): void {
  let started: Promise<CalledServices> | undefined;
  shared = { backend, gate: backend === 'postgres' ? postgresService() : pgliteService(), called: () => (started ??= startCalledServices(backend)) };
  afterAll(async () => {
    if (started) await (await started).stop();
  }, 60_000);
}

/** A suite on PGlite and on PostgreSQL, each with its own harness; in a file that called shareOrdersServices, on that backend only, sharing the called services. */
export function describeOrders(title: string, body: (h: () => OrdersHarness, t: GatedSuite, backend: Backend) => void): void {
  if (!shared) {
    describeServiceBackends(title, startOrdersHarness, body);
    return;
  }
  // In a file gathering the suites on one backend: gated as describeOnBackends would (SKIPPED loudly; CI fails).
  const { backend, gate, called } = shared;
  describeWithServices(`${title} on ${backend}`, [gate], (t) => {
    let running: OrdersHarness | undefined;
    t.beforeAll(async () => {
      running = await startOrdersOn(await called());
    }, 120_000);
    t.afterAll(async () => {
      await running?.stop();
    });
    body(() => {
      if (!running) throw new Error(`${title} on ${backend}: the service has not started`);
      return running;
    }, t, backend);
  });
}

/** Polls `read` until `done` holds (events travel on the bus asynchronously). */
export async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
