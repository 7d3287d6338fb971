import { randomUUID } from 'node:crypto';
import { AppError, fieldErrors, invalidParams, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { transitionsOf } from '../db/orders';
import { insertReview } from '../db/reviews';
import { ALREADY_REVIEWED_CODE, reviewPeriodOpen, reviewTypeFor } from '../domain/reviews';
import { reviewInput } from '../domain/review-input';
import type { OrdersDeps } from './deps';
import { orderForCaller } from './order-access';
import { reviewView } from './review-view';

/**
 * The buyer reviews the supplier, or the supplier the buyer, once per order, while the order's
 * review period is open (received, or completed until expire-review-period ran). A second review
 * of the same side — or the loser of two racing — gets the spec's already-reviewed code; outside
 * the period the review is refused like any step the order cannot take now.
 */
export async function createReview(deps: OrdersDeps, ctx: CallContext, req: orders.CreateReviewRequest): Promise<orders.CreateReviewResponse> {
  const { row, viewer } = await orderForCaller(deps, ctx, req.orderId);
  const type = reviewTypeFor(viewer);
  if (!type) throw new AppError('forbidden', { reason: 'only the order’s buyer and supplier review it' });
  const input = reviewInput.safeParse({ rating: req.rating, content: req.content });
  if (!input.success) throw invalidParams(fieldErrors(input.error));
  const activity = await transitionsOf(deps.db, row.id);
  if (!reviewPeriodOpen(row.state, activity.map((a) => a.transition))) {
    throw new AppError('transaction-invalid-transition', { reason: 'review period not open', state: row.state });
  }
  const customer = viewer === 'customer';
  const review = await deps.db.transaction().execute((trx) =>
    insertReview(trx, {
      id: randomUUID(), orderId: row.id, type, authorId: customer ? row.buyer_id : row.supplier_id, authorName: customer ? row.buyer_name : row.supplier_name,
      subjectId: customer ? row.supplier_id : row.buyer_id, rating: input.data.rating, content: input.data.content, listingIds: row.lines.map((l) => l.listingId), now: deps.now(),
    }),
  );
  if (!review) throw new AppError(ALREADY_REVIEWED_CODE[type]);
  return { review: reviewView(review) };
}
