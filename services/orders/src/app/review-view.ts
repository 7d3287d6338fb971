import type { orders } from '@caskade/proto';
import type { ReviewRow } from '../db/reviews';

/** A stored review as the API answers it. */
export function reviewView(row: ReviewRow): orders.Review {
  return {
    id: row.id,
    orderId: row.order_id,
    type: row.type,
    rating: row.rating,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    author: { id: row.author_id, name: row.author_name },
    subjectId: row.subject_id,
    state: row.state,
  };
}
