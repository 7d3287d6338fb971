import { consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { CatalogDeps } from '../app/deps';
import { applyIdentityNames } from '../db/brands';
import { renameBrandOnListings } from '../db/listings';
import { ProfileChangedConsumer } from './registry';

/**
 * A supplier renamed their brand or themselves: the brand page and the brand name copied onto
 * their listings (and so the search vector) follow. Events apply in profile-version order: an
 * older one arriving late changes nothing. A supplier with no brand row yet gets fresh names on
 * their first catalog write.
 */
export function profileChangedConsumer(deps: CatalogDeps): SubscribeOptions {
  return ProfileChangedConsumer.handle(async (event) => {
    const { userId, role, displayName, brandName } = event.data;
    if (!isUuid(userId) || role !== 'supplier') {
      deps.logger.warn({ eventId: event.id }, 'profile changed event without a supplier id, ignored');
      return;
    }
    await consumeOnce(deps.db, ProfileChangedConsumer.name, event, async (trx) => {
      if (await applyIdentityNames(trx, userId, { brandName, displayName, version: event.aggregateVersion, now: deps.now() })) {
        await renameBrandOnListings(trx, userId, brandName);
      }
    });
    // The names show on every listing of the supplier: cached searches and pages are dropped.
    deps.readCache.invalidate();
  });
}
