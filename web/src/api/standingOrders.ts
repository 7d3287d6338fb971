/**
 * Standing orders (ADR 049): GET|POST /api/standing-orders, PUT|DELETE /api/standing-orders/{id}.
 * Query keys and hooks; every change refreshes the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { StandingOrderBody, StandingOrderChangeBody, StandingOrderView } from '@caskade/gateway/contract';

export type { StandingOrderView } from '@caskade/gateway/contract';

export const standingOrderKeys = { all: ['standing-orders'] as const };

export const useStandingOrders = (enabled = true) =>
  useQuery({ queryKey: standingOrderKeys.all, queryFn: () => api<StandingOrderView[]>('GET', '/api/standing-orders'), enabled });

export function useCreateStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StandingOrderBody) => api<StandingOrderView>('POST', '/api/standing-orders', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}

export function useChangeStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: StandingOrderChangeBody }) =>
      api<StandingOrderView>('PUT', `/api/standing-orders/${encodeURIComponent(id)}`, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}

export function useEndStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', `/api/standing-orders/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}
