import { z } from 'zod';
import { AppError } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';
import { orderReviewsSchema, reorderSchema, reviewBody, reviewSchema, reviewsPageSchema, reviewsQuery, type OrderReviewsView, type ReviewView } from '../contract';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalidValue' }) }).strict();

function reviewView(r: orders.Review | undefined): ReviewView {
  if (!r) throw new AppError('not-found', { resource: 'review' });
  const type = r.type === 'ofCustomer' ? 'ofCustomer' : 'ofProvider';
  return { ...r, type, state: 'public', author: r.author ?? { id: '', name: '' } };
}

const chanceOf = (c: string): OrderReviewsView['chance'] => (c === 'write' || c === 'sent' ? c : 'closed');
const typeOf = (t: string): OrderReviewsView['type'] => (t === 'ofProvider' || t === 'ofCustomer' ? t : '');

/** Reviews (write one after receipt, read them publicly) and "Order again". */
export function reviewRoutes(clients: GatewayClients): RouteDef[] {
  const o = clients.orders;
  return [
    route({
      method: 'post', path: '/api/transactions/:id/reviews',
      summary: 'The order’s buyer reviews the supplier, or its supplier the buyer: once each, after receipt until the review period expires (409 transaction-already-reviewed-by-customer / -by-provider)',
      tags: ['reviews'], access: 'user', params: idParams, body: reviewBody, response: reviewSchema, successStatus: 201,
      handler: async ({ params, body, call }) => {
        const out = await o.createReview({ orderId: params.id, rating: body.rating, content: body.content }, call);
        return { status: 201, data: reviewView(out.review) };
      },
    }),
    route({
      method: 'get', path: '/api/transactions/:id/reviews', summary: 'The order’s reviews for its buyer, supplier or the operator, and whether the caller may still write one',
      tags: ['reviews'], access: 'user', params: idParams, response: orderReviewsSchema,
      handler: async ({ params, call }) => {
        const out = await o.getOrderReviews({ orderId: params.id }, call);
        return { status: 200, data: { reviews: out.reviews.map(reviewView), chance: chanceOf(out.chance), type: typeOf(out.type) } };
      },
    }),
    route({
      method: 'get', path: '/api/reviews',
      summary: 'Public reviews about a user (subjectId) or of the supplier on the orders that held a listing (listingId), newest first, with the average rating and count',
      tags: ['reviews'], access: 'public', query: reviewsQuery, response: reviewsPageSchema,
      handler: async ({ query, call }) => {
        const out = await o.queryReviews({ listingId: query.listingId ?? '', subjectId: query.subjectId ?? '', page: query.page, perPage: query.perPage }, call);
        const pagination = out.pagination ?? { page: query.page, perPage: query.perPage, totalItems: 0, totalPages: 0 };
        return { status: 200, data: { reviews: out.reviews.map(reviewView), averageRating: out.averageRating, count: out.count, pagination } };
      },
    }),
    route({
      method: 'post', path: '/api/transactions/:id/reorder',
      summary: 'Order again (the order’s buyer): its lines back in the cart at today’s prices; lines that cannot be are listed with why (Listing info not found, not-enough-quantity)',
      tags: ['orders'], access: 'buyer', params: idParams, response: reorderSchema,
      handler: async ({ params, call }) => {
        const out = await o.reorderOrder({ orderId: params.id }, call, { deadlineMs: 20_000 });
        return { status: 200, data: { added: out.added, failed: out.failed } };
      },
    }),
  ];
}
