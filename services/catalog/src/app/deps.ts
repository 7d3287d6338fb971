import type { Logger } from '@caskade/kit';
import type { Kysely } from 'kysely';
import type { CatalogDB } from '../db/schema';
import type { ImageStore } from '../images/store';
import type { SupplierDirectory } from '../suppliers/directory';

export interface CatalogDeps {
  db: Kysely<CatalogDB>;
  logger: Logger;
  now: () => Date;
  /** Called after a transaction that wrote events commits: wakes the outbox relay. */
  eventsWritten: () => void;
  directory: SupplierDirectory;
  images: ImageStore;
  reservationTtlSeconds: number;
}
