/**
 * The page views repository: one counter row per listing and day, for supplier analytics.
 */
import type { Db } from './schema';

/** Counts one view of the listing on `day` (YYYY-MM-DD). */
export async function countPageView(db: Db, listingId: string, day: string): Promise<void> {
  await db
    .insertInto('listing_page_views')
    .values({ listing_id: listingId, day, views: 1 })
    .onConflict((oc) => oc.columns(['listing_id', 'day']).doUpdateSet((eb) => ({ views: eb('listing_page_views.views', '+', 1) })))
    .execute();
}
