import { invalidParams, isUuid, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { queryReviews as queryReviewRows, type ReviewFilter } from '../db/reviews';
import { averageRating } from '../domain/reviews';
import type { OrdersDeps } from './deps';
import { reviewView } from './review-view';

const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;

/** The filter: exactly one of a listing and a subject (a user), each a uuid. */
function filterOf(req: orders.QueryReviewsRequest): ReviewFilter {
  if (req.listingId !== '' && req.subjectId !== '') throw invalidParams({ listingId: 'validation.oneOfListingOrSubject' });
  if (req.listingId !== '') {
    if (!isUuid(req.listingId)) throw invalidParams({ listingId: 'validation.invalidValue' });
    return { listingId: req.listingId };
  }
  if (!isUuid(req.subjectId)) throw invalidParams({ subjectId: req.subjectId === '' ? 'validation.oneOfListingOrSubject' : 'validation.invalidValue' });
  return { subjectId: req.subjectId };
}

/**
 * Public reviews (anyone may read them): about a user (`subjectId`), or of the supplier on the
 * orders that held a listing (`listingId`) — newest first, with the count and average rating of all.
 */
export async function queryReviews(deps: OrdersDeps, _ctx: CallContext, req: orders.QueryReviewsRequest): Promise<orders.QueryReviewsResponse> {
  const filter = filterOf(req);
  const page = req.page > 0 ? req.page : 1;
  const perPage = req.perPage > 0 ? Math.min(req.perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE;
  const out = await queryReviewRows(deps.db, filter, { page, perPage });
  return {
    reviews: out.rows.map(reviewView),
    averageRating: averageRating(out.ratingSum, out.count),
    count: out.count,
    pagination: { page, perPage, totalItems: out.count, totalPages: Math.ceil(out.count / perPage) },
  };
}
