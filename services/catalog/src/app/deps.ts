import type { Logger } from '@caskade/kit';
import type { Kysely } from 'kysely';
import type { CatalogDB } from '../db/schema';
import type { ImageStore } from '../images/store';
import type { PageViewCounter } from './page-view-counter';
import type { ReadCache } from './read-cache';
import type { SupplierDirectory } from '../suppliers/directory';

export interface CatalogDeps {
  db: Kysely<CatalogDB>;
  logger: Logger;
  now: () => Date;
  /** Called after a transaction that wrote events commits: wakes the outbox relay and empties the read cache. */
  eventsWritten: () => void;
  /** Public searches and listing pages served from memory for a moment (docs/decisions/058). */
  readCache: ReadCache;
  /** Listing page views, counted in memory and written in batches. */
  pageViews: PageViewCounter;
  directory: SupplierDirectory;
  images: ImageStore;
  reservationTtlSeconds: number;
}
