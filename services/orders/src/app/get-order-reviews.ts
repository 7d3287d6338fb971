import type { CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { transitionsOf } from '../db/orders';
import { reviewsOfOrder } from '../db/reviews';
import { reviewChance } from '../domain/reviews';
import type { OrdersDeps } from './deps';
import { orderForCaller } from './order-access';
import { reviewView } from './review-view';

/** The order's reviews for its buyer, supplier or the operator, and what the caller may still do (write, sent, closed). */
export async function getOrderReviews(deps: OrdersDeps, ctx: CallContext, req: orders.GetOrderReviewsRequest): Promise<orders.GetOrderReviewsResponse> {
  const { row, viewer } = await orderForCaller(deps, ctx, req.orderId);
  const [reviews, activity] = await Promise.all([reviewsOfOrder(deps.db, row.id), transitionsOf(deps.db, row.id)]);
  const chance = reviewChance({ state: row.state, activity: activity.map((a) => a.transition), viewer, written: reviews.map((r) => r.type) });
  return { reviews: reviews.map(reviewView), chance: chance.kind, type: chance.kind === 'closed' ? '' : chance.type };
}
