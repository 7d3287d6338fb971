/**
 * The catalog started for its tests, on PGlite or on PostgreSQL (a fresh schema, dropped after):
 * a gRPC client, a clock the test moves, the events it wrote, and a supplier directory standing in
 * for identity. Suites gate on the database with describeOnBackends / describeWithServices, so a
 * test never passes without running.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient, createLogger, LocalEventBus, type EventEnvelope, type PromiseClient } from '@caskade/kit';
import { TEST_DATABASE_URL, uniqueName, type Backend } from '@caskade/kit/testing';
import { catalog } from '@caskade/proto';
import { catalogEnv } from '../config';
import { startCatalog, type CatalogService } from '../index';
import type { SupplierDirectory } from '../suppliers/directory';

export interface CatalogHarness {
  svc: CatalogService;
  client: PromiseClient<typeof catalog.CatalogServiceService>;
  /** Every catalog.* event the service published, in order. */
  events: EventEnvelope[];
  /** The service's clock (ms since the epoch); tests move it forward. */
  clock: { now: number };
  /** The in-process bus the service runs on (tests publish other services' events on it). */
  bus: LocalEventBus;
  /** Where the service keeps image files. */
  imageDir: string;
  /** The database schema the service runs in (fresh for this run). */
  schema: string;
  stop(): Promise<void>;
}

export async function startCatalogHarness(backend: Backend, opts: { directory: SupplierDirectory; schemaPrefix?: string }): Promise<CatalogHarness> {
  const logger = createLogger('catalog-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const imageDir = mkdtempSync(path.join(tmpdir(), 'catalog-images-'));
  const schema = uniqueName(opts.schemaPrefix ?? 'catalog_test');
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
    directory: opts.directory,
  });
  const client = createClient(catalog.CatalogServiceService, svc.grpcAddress);
  return {
    svc,
    client,
    events,
    clock,
    bus,
    imageDir,
    schema,
    async stop() {
      client.close();
      await svc.stop();
      await bus.close();
      rmSync(imageDir, { recursive: true, force: true });
      if (backend === 'postgres') {
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      }
    },
  };
}
