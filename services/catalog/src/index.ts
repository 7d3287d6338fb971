import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, startServiceRuntime, type EventBus, type Logger, type ServiceRuntime } from '@caskade/kit';
import { catalog, identity } from '@caskade/proto';
import type { CatalogDeps } from './app/deps';
import { startReservationSweeper } from './app/expire-reservations';
import { startOrphanImageSweeper } from './app/remove-orphan-images';
import { startPageViewCounter } from './app/page-view-counter';
import { createReadCache } from './app/read-cache';
import type { CatalogEnv } from './config';
import { CATALOG_MIGRATIONS, type CatalogDB } from './db/schema';
import { profileChangedConsumer } from './events/profile-changed-consumer';
import { applySupplierStatus, userDeletedConsumer } from './events/user-deleted-consumer';
import { catalogHandlers } from './grpc/handlers';
import { createLocalImageStore } from './images/local-store';
import { createS3ImageStore } from './images/s3-store';
import type { ImageStore } from './images/store';
import { identityDirectory, type SupplierDirectory } from './suppliers/directory';

export { catalogEnv, type CatalogEnv } from './config';
export type { CatalogDB } from './db/schema';
export type { CatalogDeps } from './app/deps';
export type { ImageStore } from './images/store';
export type { SupplierDirectory, SupplierProfile } from './suppliers/directory';
export { seedCatalog, type SeedBrand, type SeedListing } from './app/seed-catalog';
export type { ProcessedImage } from './images/process';
export { renderDemoImage } from './images/render';
export { storeImage } from './app/upload-image';
/** The reservation sweeper, for tests of the services that hold stock (orders' late payments). */
export { sweepReservations } from './app/expire-reservations';

export interface StartCatalogOptions {
  env: CatalogEnv;
  bus: EventBus;
  logger: Logger;
  schema?: string;
  grpcHost?: string;
  /** Tests: a directory in place of identity over gRPC. */
  directory?: SupplierDirectory;
  /** Tests: an image store in place of the configured one. */
  images?: ImageStore;
  now?: () => Date;
  /** How often expired reservations are released (ms). */
  sweepEveryMs?: number;
  /** How often counted page views are written (ms). */
  pageViewsFlushMs?: number;
}

export interface CatalogService extends ServiceRuntime<CatalogDB> {
  deps: CatalogDeps;
}

export function imageStoreFor(env: CatalogEnv): ImageStore {
  if (env.S3_BUCKET) {
    return createS3ImageStore({
      bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, prefix: env.S3_PREFIX,
    });
  }
  return createLocalImageStore(env.IMAGE_DIR ?? defaultImageDir(env.DATA_DIR));
}

/**
 * DATA_DIR/catalog-images; with an in-memory database (DATA_DIR=':memory:') a fresh temporary
 * directory, as the data is as short-lived as the database (never ./catalog-images in the cwd).
 */
export function defaultImageDir(dataDir: string): string {
  return dataDir === ':memory:' ? mkdtempSync(path.join(tmpdir(), 'caskade-catalog-images-')) : path.join(dataDir, 'catalog-images');
}

/** Encodes each answer object once: a cached search or listing page is sent as the same bytes again. */
function encodedOnce<T extends object>(serialize: (value: T) => Buffer): (value: T) => Buffer {
  const encoded = new WeakMap<T, Buffer>();
  return (value) => {
    let bytes = encoded.get(value);
    if (!bytes) {
      bytes = serialize(value);
      encoded.set(value, bytes);
    }
    return bytes;
  };
}

/** The catalog's gRPC definition, with the read cache's answers encoded once (docs/decisions/058). */
const CATALOG_SERVICE = {
  ...catalog.CatalogServiceService,
  searchListings: { ...catalog.CatalogServiceService.searchListings, responseSerialize: encodedOnce(catalog.CatalogServiceService.searchListings.responseSerialize) },
  getListing: { ...catalog.CatalogServiceService.getListing, responseSerialize: encodedOnce(catalog.CatalogServiceService.getListing.responseSerialize) },
} satisfies typeof catalog.CatalogServiceService;

/**
 * The catalog service, used by main.ts (one process, env config) and by the embedded runner.
 * gRPC health is NOT_SERVING until the database is migrated and the consumer is subscribed.
 */
export async function startCatalog(opts: StartCatalogOptions): Promise<CatalogService> {
  let deps: CatalogDeps | undefined;
  let identityClient: { close(): void } | null = null;
  let directory: SupplierDirectory;
  if (opts.directory) directory = opts.directory;
  else {
    const client = createClient(identity.IdentityServiceService, opts.env.IDENTITY_ADDR, { as: 'catalog' });
    identityClient = client;
    directory = identityDirectory(client);
  }
  const runtime = await startServiceRuntime<CatalogDB>({
    name: 'catalog',
    env: opts.env,
    bus: opts.bus,
    logger: opts.logger,
    migrations: CATALOG_MIGRATIONS,
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...(opts.grpcHost ? { grpcHost: opts.grpcHost } : {}),
    build: ({ db, wakeOutbox, guard }) => {
      const readCache = createReadCache({ ttlMs: opts.env.READ_CACHE_MS });
      const pageViews = startPageViewCounter(db, opts.logger, opts.pageViewsFlushMs);
      const built: CatalogDeps = {
        db,
        logger: opts.logger,
        now: opts.now ?? (() => new Date()),
        // Every write buyers can see writes an event: the cache forgets before the caller hears back.
        eventsWritten: () => {
          readCache.invalidate();
          wakeOutbox();
        },
        readCache,
        pageViews,
        directory,
        images: opts.images ?? imageStoreFor(opts.env),
        reservationTtlSeconds: opts.env.RESERVATION_TTL_SECONDS,
      };
      deps = built;
      const sweeper = startReservationSweeper(built, opts.sweepEveryMs);
      const orphans = startOrphanImageSweeper(built);
      return {
        bindings: [{ name: 'caskade.catalog.v1.CatalogService', definition: CATALOG_SERVICE, implementation: catalogHandlers(built, opts.logger) }],
        subscriptions: [() => opts.bus.subscribe(userDeletedConsumer(built)), () => opts.bus.subscribe(profileChangedConsumer(built))],
        onSessionsRevoked: (rev) => applySupplierStatus(built, guard, rev.userId),
        stop: async () => {
          await sweeper.stop();
          await orphans.stop();
          await pageViews.stop();
          identityClient?.close();
        },
      };
    },
  });
  if (!deps) throw new Error('catalog failed to build');
  opts.logger.info({ images: deps.images.kind }, 'image storage ready');
  return { ...runtime, deps };
}
