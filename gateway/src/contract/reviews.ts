/**
 * Reviews and reorder: the review a buyer or supplier writes after receipt, the public lists with
 * their average rating, an order's reviews for its parties, and "Order again". The rules (when a
 * review may be written, the input, the reorder reasons) are the orders domain's.
 */
import { z } from 'zod';
import { queryInt } from '@caskade/kit/rules';
import { REVIEW_TYPES, reviewInput } from '@caskade/orders/domain';
import { paginationSchema } from './catalog';

const uuid = z.uuid({ error: 'validation.invalidValue' });

export const reviewBody = reviewInput;
export const reviewSchema = z.object({
  id: z.string(), orderId: z.string(), type: z.enum(REVIEW_TYPES).describe('ofProvider: the buyer’s of the supplier; ofCustomer: the supplier’s of the buyer'),
  rating: z.number().int().min(1).max(5), content: z.string(), createdAt: z.string(), author: z.object({ id: z.string(), name: z.string() }), subjectId: z.string(),
  state: z.literal('public'),
});
export const reviewsQuery = z
  .object({ listingId: uuid.optional(), subjectId: uuid.optional(), page: queryInt(1, 1000, 1), perPage: queryInt(1, 100, 20) })
  .strict()
  .refine((q) => (q.listingId === undefined) !== (q.subjectId === undefined), { error: 'validation.oneOfListingOrSubject', path: ['listingId'] });
export const reviewsPageSchema = z.object({
  reviews: z.array(reviewSchema), averageRating: z.number().describe('to one decimal; 0 when there are none'), count: z.number().int(), pagination: paginationSchema,
});
export const orderReviewsSchema = z.object({
  reviews: z.array(reviewSchema),
  chance: z.enum(['write', 'sent', 'closed']).describe('write: the caller may review now; sent: its review is written (review already sent); closed: not received yet, expired, or not a party'),
  type: z.enum(['', ...REVIEW_TYPES]).describe('the review the caller writes, or empty'),
});
export const reorderSchema = z.object({
  added: z.array(z.object({ listingId: z.string(), title: z.string(), quantity: z.number().int(), entryId: z.string() })),
  failed: z.array(z.object({ listingId: z.string(), title: z.string(), error: z.string().describe("'Listing info not found', 'not-enough-quantity', or the cart's message key") })),
});

export type ReviewInputBody = z.input<typeof reviewBody>;
export type ReviewView = z.output<typeof reviewSchema>;
export type ReviewsPage = z.output<typeof reviewsPageSchema>;
export type OrderReviewsView = z.output<typeof orderReviewsSchema>;
export type ReorderView = z.output<typeof reorderSchema>;
