import { consumeOnce, type SubscribeOptions } from '@caskade/kit';
import { catalogEvents, identityEvents } from '@caskade/proto';
import type { CatalogDeps } from '../app/deps';
import { isUuid, listingEvent } from '../app/shared';

export const USER_DELETED_CONSUMER = 'catalog-user-deleted';
/** The rejection reason a withdrawn pending listing carries. */
export const ACCOUNT_DELETED = 'The supplier account was deleted.';

/**
 * When identity deletes an account (once per event): its listings waiting for approval leave the
 * operator's queue (back to draft, with the rejected event), its published listings close and its
 * brand page disappears. Listings are changed before the brand is hidden, the order approval locks
 * them in, so an approval racing this either finishes first (and the listing is closed here) or
 * finds the brand hidden and is refused.
 */
export function userDeletedConsumer(deps: CatalogDeps): SubscribeOptions {
  return {
    consumer: USER_DELETED_CONSUMER,
    subjects: ['identity.user.deleted'],
    handler: async (event) => {
      const { userId } = identityEvents.UserDeleted.fromJSON(event.data);
      if (!isUuid(userId)) {
        deps.logger.warn({ eventId: event.id }, 'user deleted event without a user id, ignored');
        return;
      }
      const fresh = await consumeOnce(deps.db, USER_DELETED_CONSUMER, event, async (trx) => {
        const withdrawn = await trx
          .updateTable('listings')
          .set((eb) => ({ state: 'draft', rejection_reason: ACCOUNT_DELETED, updated_at: deps.now(), version: eb('version', '+', 1) }))
          .where('author_id', '=', userId)
          .where('state', '=', 'pendingApproval')
          .returningAll()
          .execute();
        for (const row of withdrawn) {
          await listingEvent(trx, 'catalog.listing.rejected', row, catalogEvents.ListingRejected.toJSON({ listingId: row.id, authorId: row.author_id, reason: ACCOUNT_DELETED }));
        }
        const closed = await trx
          .updateTable('listings')
          .set((eb) => ({ state: 'closed', updated_at: deps.now(), version: eb('version', '+', 1) }))
          .where('author_id', '=', userId)
          .where('state', '=', 'published')
          .returningAll()
          .execute();
        for (const row of closed) await listingEvent(trx, 'catalog.listing.closed', row, catalogEvents.ListingClosed.toJSON({ listingId: row.id, authorId: row.author_id }));
        // Hidden for good, even if the brand row does not exist yet: a listing write in flight creates it
        // afterwards through syncBrand, which never un-hides.
        await trx
          .insertInto('brands')
          .values({
            id: userId, brand_name: '', display_name: '', description: '', delivery_notes: '', discount_notes: '', collections: '[]',
            logo_image_id: null, header_image_id: null, profile_image_id: null, hidden: true,
          })
          .onConflict((oc) => oc.column('id').doUpdateSet({ hidden: true }))
          .execute();
      });
      if (fresh) deps.eventsWritten();
    },
  };
}
