/**
 * Orders (GET /api/transactions/query, /api/transactions/{id}, the transition call and the
 * operator's list): query keys and hooks. The order's `allowedTransitions` say which actions the
 * caller may run; the web keeps no copy of the processes.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from './client';
import type { EnquiryBody, OrderView, OrdersPage } from '@caskade/gateway/contract';

export type { OrderView, OrdersPage } from '@caskade/gateway/contract';

/** The buyer's orders or the supplier's sales. */
export type OrderSide = 'order' | 'sale';

export interface OrderFilter {
  page: number;
  search: string;
  state: string;
}

export interface OperatorOrderFilter extends OrderFilter {
  awaitingBankTransfer: boolean;
}

export const orderKeys = {
  all: ['orders'] as const,
  list: (side: OrderSide, f: OrderFilter) => ['orders', 'list', side, f.page, f.search, f.state] as const,
  operator: (f: OperatorOrderFilter) => ['orders', 'operator', f.page, f.search, f.state, f.awaitingBankTransfer] as const,
  order: (id: string) => ['orders', 'order', id] as const,
};

function queryString(values: Record<string, string | number | boolean>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== '' && value !== false) params.set(key, String(value));
  return params.toString();
}

/** A 4xx will not change on a retry (not found, forbidden, bad id). */
const retryUnlessClientError = (failures: number, error: unknown) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2;

export function useOrders(side: OrderSide, filter: OrderFilter, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(side, filter),
    queryFn: () => api<OrdersPage>('GET', `/api/transactions/query?${queryString({ only: side, page: filter.page, search: filter.search, state: filter.state })}`),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
    enabled,
  });
}

export function useOperatorOrders(filter: OperatorOrderFilter) {
  return useQuery({
    queryKey: orderKeys.operator(filter),
    queryFn: () =>
      api<OrdersPage>(
        'GET',
        `/api/operator/transactions?${queryString({ page: filter.page, perPage: 10, search: filter.search, state: filter.state, awaitingBankTransfer: filter.awaitingBankTransfer })}`,
      ),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

/** How long an order page watches for the payment of a challenge the buyer just completed. */
const SETTLING_WATCH_MS = 15_000;

/**
 * One order. Its payment is watched while it moves: every 2 s while a term payment is processing,
 * and for 15 s after the buyer came back from the bank's challenge (`settlingSince`, when), until
 * the authenticated payment shows.
 */
export function useOrder(id: string, settlingSince: number | null = null) {
  return useQuery({
    queryKey: orderKeys.order(id),
    queryFn: () => api<OrderView>('GET', `/api/transactions/${encodeURIComponent(id)}`),
    retry: retryUnlessClientError,
    refetchInterval: (query) => {
      const status = query.state.data?.paymentStatus;
      if (status === 'processing') return 2000;
      return settlingSince !== null && status === 'failed' && Date.now() - settlingSince < SETTLING_WATCH_MS ? 1000 : false;
    },
  });
}

/** A transition's params: a dispute's `disputeReason`, a settled dispute's `refundCents`, Pay now's `paymentMethodId`. */
export type TransitionParams = Record<string, string | number>;

/**
 * Runs one of the order's allowed transitions. The answer is the order after it; then the order
 * is refetched (its side effects, such as a refund, may land just after) and every list refreshes.
 */
export function useTransitionOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transition, params = {} }: { id: string; transition: string; params?: TransitionParams }) =>
      api<OrderView>('POST', `/api/transactions/${encodeURIComponent(id)}/transition`, { transition, params }),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.id), order),
    // Refused or not, the order is fetched again: a refused transition usually means it moved on.
    onSettled: (_order, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.order(id) }),
        queryClient.invalidateQueries({ queryKey: ['orders', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['orders', 'operator'] }),
      ]),
  });
}

/** Enquire about a listing (POST /api/transactions): an order in enquiry, its message sent to the supplier. */
export function useEnquire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnquiryBody) => api<OrderView>('POST', '/api/transactions', body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.order(order.id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
