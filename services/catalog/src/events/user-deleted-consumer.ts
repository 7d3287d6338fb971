import { consumeOnce, type SubscribeOptions } from '@caskade/kit';
import { catalogEvents, identityEvents } from '@caskade/proto';
import type { CatalogDeps } from '../app/deps';
import { isUuid, listingEvent } from '../app/shared';

export const USER_DELETED_CONSUMER = 'catalog-user-deleted';

/** When identity deletes an account, its brand page disappears and its published listings close (once per event). */
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
        await trx.updateTable('brands').set({ hidden: true }).where('id', '=', userId).execute();
        const closed = await trx
          .updateTable('listings')
          .set((eb) => ({ state: 'closed', updated_at: deps.now(), version: eb('version', '+', 1) }))
          .where('author_id', '=', userId)
          .where('state', '=', 'published')
          .returningAll()
          .execute();
        for (const row of closed) await listingEvent(trx, 'catalog.listing.closed', row, catalogEvents.ListingClosed.toJSON({ listingId: row.id, authorId: row.author_id }));
      });
      if (fresh) deps.eventsWritten();
    },
  };
}
