import { type CallerGuard, consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { CatalogDeps } from '../app/deps';
import { hideBrand, unhideBrand } from '../db/brands';
import { closePublishedListings, returnPendingToDraft } from '../db/listings';
import { ListingClosed, ListingRejected, UserDeletedConsumer } from './registry';
import type { Trx } from '../db/schema';
import { listingEvent } from '../app/listing-events';

/** The rejection reason a withdrawn pending listing carries. */
export const ACCOUNT_DELETED = 'The supplier account was deleted.';

/** When identity deletes an account (once per event): the supplier is withdrawn for good. */
export function userDeletedConsumer(deps: CatalogDeps): SubscribeOptions {
  return UserDeletedConsumer.handle(async (event) => {
    const { userId } = event.data;
    if (!isUuid(userId)) {
      deps.logger.warn({ eventId: event.id }, 'user deleted event without a user id, ignored');
      return;
    }
    const fresh = await consumeOnce(deps.db, UserDeletedConsumer.name, event, (trx) => withdrawSupplier(trx, deps, userId, ACCOUNT_DELETED));
    if (fresh) deps.eventsWritten();
  });
}

/**
 * Take a supplier off the marketplace (deleted or banned): its listings waiting for approval go
 * back to draft with `reason`, its published listings close (out of search at once) and its brand
 * page is hidden. Listings are changed before the brand is hidden, the order approval locks them in,
 * so an approval racing this either finishes first (and the listing is closed here) or finds the
 * brand hidden and is refused.
 */
export async function withdrawSupplier(trx: Trx, deps: Pick<CatalogDeps, 'now'>, userId: string, reason: string): Promise<void> {
    const withdrawn = await returnPendingToDraft(trx, userId, reason, deps.now());
    for (const row of withdrawn) {
      await listingEvent(trx, ListingRejected, row, { listingId: row.id, authorId: row.author_id, reason });
    }
    const closed = await closePublishedListings(trx, userId, deps.now());
    for (const row of closed) await listingEvent(trx, ListingClosed, row, { listingId: row.id, authorId: row.author_id });
    // Hidden for good, even if the brand row does not exist yet: a listing write in flight creates it
    // afterwards through syncBrand, which never un-hides.
    await hideBrand(trx, userId);
}

export const ACCOUNT_BANNED = 'The supplier account was banned.';

/**
 * After a session revocation (the kit has recorded it): a supplier the operator banned is withdrawn
 * at once, and one unbanned gets its brand page back (its listings stay as they are: closed ones
 * can be reopened by the supplier). Acts on the status now recorded, not the event's, so a
 * redelivered older event cannot undo a newer one.
 */
export async function applySupplierStatus(deps: CatalogDeps, guard: Pick<CallerGuard, 'statusOf'>, userId: string): Promise<void> {
  if (!isUuid(userId)) return;
  const status = await guard.statusOf(userId);
  if (status === 'banned') {
    await deps.db.transaction().execute((trx) => withdrawSupplier(trx, deps, userId, ACCOUNT_BANNED));
    deps.eventsWritten();
  } else if (status === 'active') {
    await unhideBrand(deps.db, userId);
  }
}
