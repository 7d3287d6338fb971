/**
 * The catalog started for its tests, on PGlite or on PostgreSQL (a fresh schema, dropped after):
 * a gRPC client, a clock the test moves, the events it wrote, a supplier directory standing in for
 * identity, the call contexts the suites share and a few helpers that build listings.
 * `describeCatalog` runs a suite on both databases through describeWithServices (one started
 * service per file and database), so a test never passes without running.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { AppError, createClient, createLogger, LocalEventBus, type CallContext, type EventEnvelope, type PromiseClient, type Role } from '@caskade/kit';
import { describeServiceBackends, dropTestSchema, TEST_DATABASE_URL, uniqueName, type Backend, type GatedSuite } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { catalogEnv } from '../config';
import { startCatalog, type CatalogService } from '../index';
import type { SupplierDirectory, SupplierProfile } from '../suppliers/directory';

export const ids = {
  hops: '11111111-1111-4111-8111-111111111111',
  vines: '22222222-2222-4222-8222-222222222222',
  buyer: '33333333-3333-4333-8333-333333333333',
  operator: '44444444-4444-4444-8444-444444444444',
  quitter: '55555555-5555-4555-8555-555555555555',
  farewell: '66666666-6666-4666-8666-666666666666',
  otherBuyer: '77777777-7777-4777-8777-777777777777',
};

/** The suppliers identity would answer for: Hop Hill publishes directly, the others wait for an operator. */
export const suppliers: Record<string, SupplierProfile> = {
  [ids.hops]: { id: ids.hops, brandName: 'Hop Hill Brewing', displayName: 'Sam Brewer', published: true },
  [ids.vines]: { id: ids.vines, brandName: 'Vine Lane Wines', displayName: 'Vic Vintner', published: false },
  [ids.quitter]: { id: ids.quitter, brandName: 'Last Orders Cellars', displayName: 'Quinn Quitter', published: false },
  [ids.farewell]: { id: ids.farewell, brandName: 'Farewell Brewing', displayName: 'Fran Farewell', published: true },
};

/** The stub of identity: the caller's profile when the caller is one of `suppliers`, else forbidden. */
export const supplierDirectory: SupplierDirectory = {
  currentSupplier: async (ctx) => {
    const s = suppliers[ctx.caller?.userId ?? ''];
    if (!s) throw new AppError('forbidden');
    return s;
  },
};

const ctxOf = (userId: string, role: Role): CallContext => ({ requestId: 'test', caller: { userId, role, scopes: [] } });

/** Call contexts: suppliers (one publishing directly, one not), buyers, the operator and nobody signed in. */
export const as = {
  hops: ctxOf(ids.hops, 'supplier'),
  vines: ctxOf(ids.vines, 'supplier'),
  quitter: ctxOf(ids.quitter, 'supplier'),
  farewell: ctxOf(ids.farewell, 'supplier'),
  buyer: ctxOf(ids.buyer, 'buyer'),
  otherBuyer: ctxOf(ids.otherBuyer, 'buyer'),
  operator: ctxOf(ids.operator, 'operator'),
  anon: { requestId: 'test', caller: null } satisfies CallContext,
};

/** Complete fields of a beer listing (a keg at `priceCents`), with any field replaced by `extra`. */
export const beer = (title: string, priceCents = 24_000, extra: Partial<catalog.ListingFields> = {}): catalog.ListingFields =>
  catalog.ListingFields.fromPartial({
    listingType: 'product', title, description: `${title}: a crisp, hoppy ale brewed in the Yarra Valley.`, category: 'beer',
    productType: 'ale', style: 'pale-ale',
    attributes: { alcoholicPercent: 4.8, colour: 'Gold', malts: 'Pale, Crystal', hops: 'Galaxy, Vic Secret', vegan: true },
    pricePackages: [{ packageType: 'keg', size: 50, unit: 'L', quantity: 1, priceCents, sku: 'KEG-50' }],
    location: { address: '12 Brewery Lane, Healesville VIC', state: 'VIC', postcode: '3777', lat: -37.65, lng: 145.51 },
    pickupEnabled: true, shippingEnabled: true, ...extra,
  });

export interface OutboxRow {
  type: string;
  payload: { data: Record<string, unknown> };
}

export interface CatalogHarness {
  svc: CatalogService;
  client: PromiseClient<typeof catalog.CatalogServiceService>;
  /** Every catalog.* event the service published, in order (after `flush`). */
  events: EventEnvelope[];
  /** The service's clock (ms since the epoch); tests move it forward. */
  clock: { now: number };
  /** The in-process bus the service runs on (tests publish other services' events on it). */
  bus: LocalEventBus;
  /** Where the service keeps image files. */
  imageDir: string;
  /** The database schema the service runs in (fresh for this run). */
  schema: string;
  /** A 900×600 PNG photo. */
  png: Buffer;
  /** Publishes what the outbox holds, so `events` is up to date. */
  flush(): Promise<void>;
  /** Uploads `png` as `ctx`. */
  upload(ctx?: CallContext): Promise<catalog.Image>;
  /** A published listing of Hop Hill with stock and a photo (the same one for every such listing). */
  publishedBeer(title: string, priceCents?: number, stock?: number, extra?: Partial<catalog.ListingFields>): Promise<catalog.Listing>;
  /** A complete listing of `ctx` (a supplier who may not publish directly) sent for approval; its id. */
  pendingOf(ctx: CallContext, title: string): Promise<string>;
  /** Public search, as anyone. */
  search(req: Partial<catalog.SearchListingsRequest>): Promise<catalog.SearchListingsResponse>;
  /** The outbox rows of one aggregate, oldest first. */
  outboxRows(aggregateId: string): Promise<OutboxRow[]>;
  stop(): Promise<void>;
}

export async function startCatalogHarness(backend: Backend): Promise<CatalogHarness> {
  const logger = createLogger('catalog-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const imageDir = mkdtempSync(path.join(tmpdir(), 'catalog-images-'));
  const schema = uniqueName('catalog_test');
  const bus = new LocalEventBus({ logger });
  const events: EventEnvelope[] = [];
  await bus.subscribe({ consumer: 'test-capture', subjects: ['catalog.>'], handler: async (e) => void events.push(e) });
  const clock = { now: Date.now() };
  const svc = await startCatalog({
    env: catalogEnv.parse({ DATA_DIR: ':memory:', IDENTITY_ADDR: '127.0.0.1:1', IMAGE_DIR: imageDir, ...(backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}) }),
    bus,
    logger,
    schema,
    now: () => new Date(clock.now),
    directory: supplierDirectory,
    // Tests write counted page views themselves (svc.deps.pageViews.flush()).
    pageViewsFlushMs: 3_600_000,
  });
  const client = createClient(catalog.CatalogServiceService, svc.grpcAddress);
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b5651d' } }).png().toBuffer();
  const upload = async (ctx: CallContext = as.hops): Promise<catalog.Image> => {
    const { image } = await client.uploadImage({ data: png, fileName: 'photo.png' }, ctx, { deadlineMs: 20_000 });
    if (!image) throw new Error('the upload answered no image');
    return image;
  };
  const listingOf = (res: { listing?: catalog.Listing }): catalog.Listing => {
    if (!res.listing) throw new Error('the call answered no listing');
    return res.listing;
  };
  let photo: Promise<catalog.Image> | undefined;
  let stopped = false;
  return {
    svc,
    client,
    events,
    clock,
    bus,
    imageDir,
    schema,
    png,
    async flush() {
      await svc.relay.flush();
    },
    upload,
    async publishedBeer(title, priceCents = 24_000, stock = 10, extra = {}) {
      // Images are immutable and may be shared between listings: one photo serves them all.
      photo ??= upload();
      const image = await photo;
      const draft = listingOf(await client.createListing({ fields: beer(title, priceCents, { imageIds: [image.id], ...extra }), stockQuantity: stock }, as.hops));
      return listingOf(await client.publishListing({ id: draft.id }, as.hops));
    },
    async pendingOf(ctx, title) {
      const image = await upload(ctx);
      const draft = listingOf(await client.createListing({ fields: beer(title, 20_000, { imageIds: [image.id] }), stockQuantity: 5 }, ctx));
      const sent = listingOf(await client.publishListing({ id: draft.id }, ctx));
      if (sent.state !== 'pendingApproval') throw new Error(`expected ${title} to wait for approval, it is ${sent.state}`);
      return draft.id;
    },
    search: (req) => client.searchListings(catalog.SearchListingsRequest.fromPartial(req), as.anon),
    async outboxRows(aggregateId) {
      return (await sql<OutboxRow>`select type, payload from outbox where aggregate_id = ${aggregateId} order by seq`.execute(svc.db)).rows;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.close();
      await svc.stop();
      await bus.close();
      rmSync(imageDir, { recursive: true, force: true });
      await dropTestSchema(backend, schema);
    },
  };
}

/** A suite on both databases with the catalog started for it; `h()` is the running harness. */
export function describeCatalog(title: string, body: (h: () => CatalogHarness, t: GatedSuite, backend: Backend) => void): void {
  describeServiceBackends(title, (backend) => startCatalogHarness(backend), body);
}
