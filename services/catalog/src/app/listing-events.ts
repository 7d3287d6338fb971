/** The outbox events of listing changes, written in the caller's transaction. */
import { enqueueEvent, type EventDefinition } from '@caskade/kit';
import type { ListingRow } from '../db/listings';
import type { Trx } from '../db/schema';
import { createSlug } from '../domain';
import { ListingPendingApproval, ListingUpdated } from '../events/registry';

/** The outbox event of a listing change, in the caller's transaction. */
export async function listingEvent<S extends string, T>(trx: Trx, event: EventDefinition<S, T>, row: ListingRow, data: T): Promise<void> {
  await enqueueEvent(trx, event, { aggregateId: row.id, aggregateVersion: row.version, data });
}

/** catalog.listing.updated for a content change (edit, photo added, duplicate), in the caller's transaction. */
export async function listingUpdatedEvent(
  trx: Trx,
  row: ListingRow,
  change: { changedFields: readonly string[]; sourceListingId?: string },
): Promise<void> {
  await listingEvent(trx, ListingUpdated, row, {
    listingId: row.id,
    authorId: row.author_id,
    state: row.state,
    title: row.title,
    slug: createSlug(row.title),
    priceCents: row.price_cents,
    version: row.version,
    changedFields: [...change.changedFields],
    isDuplicate: change.sourceListingId !== undefined,
    sourceListingId: change.sourceListingId ?? '',
    imageIds: row.image_ids,
  });
}

/** catalog.listing.pending_approval: the listing waits for an operator (published without the flag, or edited since). */
export async function listingPendingEvent(trx: Trx, row: ListingRow): Promise<void> {
  await listingEvent(trx, ListingPendingApproval, row, {
    listingId: row.id, authorId: row.author_id, title: row.title,
  });
}
