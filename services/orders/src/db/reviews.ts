/** Every statement on reviews and the listings of the orders they review. */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { OrdersDB, ReviewsTable } from './schema';
import type { Db } from './checkouts';

export type ReviewRow = Selectable<ReviewsTable>;

export interface NewReview {
  id: string;
  orderId: string;
  type: ReviewsTable['type'];
  authorId: string;
  authorName: string;
  subjectId: string;
  rating: number;
  content: string;
  listingIds: readonly string[];
  now: Date;
}

/**
 * The new review, or null when the order already has one of its type (the unique (order, type)
 * decides a race: one insert wins, the other finds the conflict and writes nothing).
 */
export async function insertReview(trx: Transaction<OrdersDB>, r: NewReview): Promise<ReviewRow | null> {
  const row = await trx
    .insertInto('reviews')
    .values({
      id: r.id, order_id: r.orderId, type: r.type, author_id: r.authorId, author_name: r.authorName, subject_id: r.subjectId,
      rating: r.rating, content: r.content, created_at: r.now,
    })
    .onConflict((oc) => oc.columns(['order_id', 'type']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  const listingIds = [...new Set(r.listingIds)];
  if (listingIds.length > 0) await trx.insertInto('review_listings').values(listingIds.map((listing_id) => ({ review_id: row.id, listing_id }))).execute();
  return row;
}

export const reviewsOfOrder = (db: Db, orderId: string): Promise<ReviewRow[]> =>
  db.selectFrom('reviews').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();

/** Public reviews about a user (`subject`), or of the supplier on orders that held a listing (`listing`). */
export type ReviewFilter = { subjectId: string } | { listingId: string };

export interface ReviewPage {
  rows: ReviewRow[];
  count: number;
  ratingSum: number;
}

/** A page of the filter's reviews (newest first) with the count and rating sum of all of them. */
export async function queryReviews(db: Db, filter: ReviewFilter, page: { page: number; perPage: number }): Promise<ReviewPage> {
  let base = db.selectFrom('reviews').where('reviews.state', '=', 'public');
  base =
    'subjectId' in filter
      ? base.where('reviews.subject_id', '=', filter.subjectId)
      : base.where('reviews.type', '=', 'ofProvider').where('reviews.id', 'in', db.selectFrom('review_listings').select('review_id').where('listing_id', '=', filter.listingId));
  const [rows, totals] = await Promise.all([
    base.selectAll('reviews').orderBy('reviews.created_at', 'desc').orderBy('reviews.id').limit(page.perPage).offset((page.page - 1) * page.perPage).execute(),
    base.select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(sum(reviews.rating), 0)::int`.as('sum')]).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: totals.n, ratingSum: totals.sum };
}
