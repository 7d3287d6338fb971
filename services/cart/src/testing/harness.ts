/**
 * The cart started for its tests, on PGlite or on PostgreSQL (a fresh schema, dropped after): a
 * gRPC client, an in-memory listing source standing in for catalog (tests put and change listings)
 * and a set of suppliers without payout accounts standing in for payments,
 * a clock, the bus it consumes from, and helpers for fresh buyers and suppliers. `describeCart` runs
 * a suite on both databases through describeServiceBackends, so a test never passes without running.
 */
import { randomUUID } from 'node:crypto';
import { createClient, createLogger, LocalEventBus, type CallContext, type EventEnvelope, type PromiseClient, type Role } from '@caskade/kit';
import { describeServiceBackends, dropTestSchema, TEST_DATABASE_URL, uniqueName, type Backend, type GatedSuite } from '@caskade/kit/testing';
import { cart, catalog } from '@caskade/proto';
import type { ListingSource } from '../app/listings';
import type { PayoutAccountSource } from '../app/payout-accounts';
import { cartEnv } from '../config';
import { startCart, type CartService } from '../index';

export const testLogger = createLogger('cart-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** Catalog as the cart sees it: listings by id, changed by the test at will. */
export class MemoryListings implements ListingSource {
  readonly byId = new Map<string, catalog.Listing>();
  async getListing(id: string): Promise<catalog.Listing | null> {
    const found = this.byId.get(id);
    return found ? catalog.Listing.fromPartial(found) : null;
  }
  /** Changes a stored listing (fields merged). */
  change(id: string, change: Partial<Omit<catalog.Listing, 'fields'>> & { fields?: Partial<catalog.ListingFields> }): void {
    const found = this.byId.get(id);
    if (!found) throw new Error(`no listing ${id}`);
    this.byId.set(id, catalog.Listing.fromPartial({ ...found, ...change, fields: { ...found.fields, ...change.fields } }));
  }
}

/** Payments as the cart sees it: every supplier can be paid unless the test takes its account away. */
export class MemoryPayoutAccounts implements PayoutAccountSource {
  readonly without = new Set<string>();
  async missing(supplierIds: readonly string[]): Promise<string[]> {
    return [...new Set(supplierIds)].filter((id) => this.without.has(id));
  }
}

export const ctxOf = (userId: string, role: Role, scopes: string[] = []): CallContext => ({ requestId: 'test', caller: { userId, role, scopes } });
export const anon: CallContext = { requestId: 'test', caller: null };

export interface ListingSpec {
  supplier: CallContext;
  title?: string;
  category?: string;
  /** Package prices, cents (GST exclusive); the first a 50 L keg, the others 375 ml cans × 24. */
  prices?: number[];
  stock?: number;
  pickup?: boolean;
  shipping?: boolean;
  /** product (default) or service. */
  listingType?: string;
  visibleStates?: string[];
  state?: string;
  brandName?: string;
}

export interface CartHarness {
  svc: CartService;
  client: PromiseClient<typeof cart.CartServiceService>;
  listings: MemoryListings;
  payoutAccounts: MemoryPayoutAccounts;
  bus: LocalEventBus;
  clock: { now: number };
  /** A buyer no other test has used. */
  buyer(scopes?: string[]): CallContext;
  /** A supplier no other test has used. */
  supplier(): CallContext;
  /** A published listing of `spec.supplier` (a keg at $100 unless said), put in the listing source. */
  listing(spec: ListingSpec): catalog.Listing;
  /** The buyer's cart. */
  cartOf(buyer: CallContext): Promise<cart.Cart>;
  /** Publishes an event on the bus the service consumes from. */
  publish(type: string, data: Record<string, unknown>, id?: string): Promise<EventEnvelope>;
  stop(): Promise<void>;
}

export async function startCartHarness(backend: Backend): Promise<CartHarness> {
  const schema = uniqueName('cart_test');
  const bus = new LocalEventBus({ logger: testLogger, retryBaseMs: 5, retryMaxMs: 20 });
  const listings = new MemoryListings();
  const payoutAccounts = new MemoryPayoutAccounts();
  const clock = { now: Date.now() };
  const svc = await startCart({
    env: cartEnv.parse({ DATA_DIR: ':memory:', CATALOG_ADDR: '127.0.0.1:1', PAYMENTS_ADDR: '127.0.0.1:1', LOG_LEVEL: 'silent', ...(backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}) }),
    bus,
    logger: testLogger,
    schema,
    listings,
    payoutAccounts,
    now: () => new Date(clock.now),
  });
  const client = createClient(cart.CartServiceService, svc.grpcAddress);
  let stopped: Promise<void> | undefined;
  return {
    svc,
    client,
    listings,
    payoutAccounts,
    bus,
    clock,
    buyer: (scopes = []) => ctxOf(randomUUID(), 'buyer', scopes),
    supplier: () => ctxOf(randomUUID(), 'supplier'),
    listing(spec) {
      const id = randomUUID();
      const title = spec.title ?? 'Yarra Pale Ale';
      const prices = spec.prices ?? [10_000];
      const listing = catalog.Listing.fromPartial({
        id,
        slug: title.toLowerCase().replace(/\s+/g, '-'),
        state: spec.state ?? 'published',
        stockQuantity: spec.stock ?? 10,
        author: { id: spec.supplier.caller?.userId ?? '', brandName: spec.brandName ?? 'Hop Hill Brewing', displayName: 'Sam Brewer' },
        images: [{ id: randomUUID(), variants: [{ name: 'scaled-400', width: 400, height: 267, url: `/img/${id}/400.jpg` }, { name: 'listing-card', width: 400, height: 400, url: `/img/${id}/card.jpg` }] }],
        fields: {
          listingType: spec.listingType ?? 'product',
          title,
          category: spec.category ?? 'beer',
          pricePackages: prices.map((priceCents, i) =>
            i === 0 ? { packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents, sku: 'KEG-50' } : { packageType: 'can', size: 375, unit: 'ml', quantity: 24, priceCents, sku: `CAN-${i}` },
          ),
          pickupEnabled: spec.pickup ?? true,
          shippingEnabled: spec.shipping ?? true,
          visibleStates: spec.visibleStates ?? [],
        },
      });
      listings.byId.set(id, listing);
      return listing;
    },
    async cartOf(buyer) {
      const { cart: current } = await client.getCart({}, buyer);
      if (!current) throw new Error('GetCart answered no cart');
      return current;
    },
    async publish(type, data, id = randomUUID()) {
      const event: EventEnvelope = { id, type, occurredAt: new Date().toISOString(), aggregateId: String(data.buyerId ?? data.userId ?? ''), aggregateVersion: 1, data };
      await bus.publish(event);
      return event;
    },
    // Once, however often called.
    stop() {
      stopped ??= (async () => {
        client.close();
        await svc.stop();
        await bus.close();
        await dropTestSchema(backend, schema);
      })();
      return stopped;
    },
  };
}

/** A suite on both databases with the cart started for it; `h()` is the running harness. */
export function describeCart(title: string, body: (h: () => CartHarness, t: GatedSuite, backend: Backend) => void): void {
  describeServiceBackends(title, (backend) => startCartHarness(backend), body);
}

/** Polls `read` every 20 ms until it answers `want` (at most 2 s): consumers run after the bus delivers. */
export async function until<T>(read: () => Promise<T>, want: T): Promise<T> {
  let got = await read();
  for (let i = 0; i < 100 && JSON.stringify(got) !== JSON.stringify(want); i++) {
    await new Promise((r) => setTimeout(r, 20));
    got = await read();
  }
  return got;
}

/** A complete delivery address in Sydney. */
export const sydney: cart.DeliveryAddressFields = {
  name: 'Ava Nguyen', street: '1 George St', city: 'Sydney', state: 'NSW', country: 'AU', postalCode: '2000', phone: '0412 345 678', email: 'Ava@Example.com.au', isDefault: false,
};
