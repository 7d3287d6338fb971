/**
 * The page views repository: one counter row per listing and day, for supplier analytics.
 */
import { sql } from 'kysely';
import type { Db } from './schema';

export interface PageViewCount {
  listingId: string;
  /** YYYY-MM-DD */
  day: string;
  views: number;
}

/** Adds counted views to their listing's day, in one statement however many listings and days. */
export async function addPageViews(db: Db, counts: readonly PageViewCount[]): Promise<void> {
  if (counts.length === 0) return;
  await sql`
    insert into listing_page_views (listing_id, day, views)
    select * from unnest(${counts.map((c) => c.listingId)}::uuid[], ${counts.map((c) => c.day)}::date[], ${counts.map((c) => c.views)}::int[])
    on conflict (listing_id, day) do update set views = listing_page_views.views + excluded.views
  `.execute(db);
}
