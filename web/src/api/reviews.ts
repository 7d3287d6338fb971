/**
 * Reviews (POST /api/transactions/{id}/reviews, GET /api/transactions/{id}/reviews, GET /api/reviews)
 * and "Order again" (POST /api/transactions/{id}/reorder): query keys and hooks.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from './client';
import type { OrderReviewsView, ReorderView, ReviewInputBody, ReviewsPage, ReviewView } from '@caskade/gateway/contract';

export type { OrderReviewsView, ReorderView, ReviewsPage, ReviewView } from '@caskade/gateway/contract';

/** Whose reviews: a listing's (its supplier's on orders that held it) or a user's. */
export type ReviewsOf = { listingId: string } | { subjectId: string };

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (of: ReviewsOf, page: number) => ['reviews', 'list', 'listingId' in of ? `listing:${of.listingId}` : `user:${of.subjectId}`, page] as const,
  order: (orderId: string) => ['reviews', 'order', orderId] as const,
};

const retryUnlessClientError = (failures: number, error: unknown) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2;

export function useReviews(of: ReviewsOf, page = 1) {
  const params = new URLSearchParams('listingId' in of ? { listingId: of.listingId } : { subjectId: of.subjectId });
  params.set('page', String(page));
  return useQuery({
    queryKey: reviewKeys.list(of, page),
    queryFn: () => api<ReviewsPage>('GET', `/api/reviews?${params.toString()}`),
    retry: retryUnlessClientError,
  });
}

export function useOrderReviews(orderId: string) {
  return useQuery({
    queryKey: reviewKeys.order(orderId),
    queryFn: () => api<OrderReviewsView>('GET', `/api/transactions/${encodeURIComponent(orderId)}/reviews`),
    retry: retryUnlessClientError,
  });
}

/** Writes the caller's review of the order; the order's reviews and every list refresh. */
export function useCreateReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInputBody) => api<ReviewView>('POST', `/api/transactions/${encodeURIComponent(orderId)}/reviews`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/** Puts the order's lines back in the cart; the cart refreshes. */
export function useReorder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ReorderView>('POST', `/api/transactions/${encodeURIComponent(orderId)}/reorder`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}
