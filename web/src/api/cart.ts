/**
 * The cart API (gateway/src/routes/cart.ts): the buyer's server-side cart grouped by supplier, the
 * order panel's live line items, and the writes. Every write answers the whole cart, which
 * replaces the cached copy, so the page and the top-bar badge update together.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartView, PricedOrderView } from '@caskade/gateway/contract';
import type { DeliveryMethod, PaymentTermChoice } from '@caskade/orders/domain';
import { api, isApiError } from './client';

export type { CartEntryView, CartView, LineItemView, PricedOrderView, SupplierGroupView } from '@caskade/gateway/contract';

export const cartKeys = {
  cart: ['cart'] as const,
  lineItems: (listingId: string, packageIndex: number, quantity: number, deliveryMethod: string) => ['cart', 'line-items', listingId, packageIndex, quantity, deliveryMethod] as const,
};

/**
 * The buyer's cart; pass false for anyone else (suppliers and visitors have none). `refetchWhile`
 * asks again every second while it holds (bought entries leave the cart by an event, a moment
 * after the purchase).
 */
export function useCart(enabled = true, refetchWhile?: (cart: CartView) => boolean) {
  return useQuery({
    queryKey: cartKeys.cart,
    queryFn: () => api<CartView>('GET', '/api/cart'),
    enabled,
    staleTime: 30_000,
    refetchInterval: refetchWhile ? (query) => (query.state.data && refetchWhile(query.state.data) ? 1000 : false) : false,
  });
}

export interface OrderChoice {
  listingId: string;
  packageIndex: number;
  quantity: number;
  deliveryMethod: DeliveryMethod | '';
}

/** The order panel's preview: line items for one package, quantity and delivery method (writes nothing). */
export function useLineItems(choice: OrderChoice | null) {
  return useQuery({
    queryKey: cartKeys.lineItems(choice?.listingId ?? '', choice?.packageIndex ?? -1, choice?.quantity ?? 0, choice?.deliveryMethod ?? ''),
    queryFn: () =>
      api<PricedOrderView>('POST', '/api/transaction-line-items', {
        listingId: choice?.listingId,
        orderData: { packageIndex: choice?.packageIndex, quantity: choice?.quantity, ...(choice?.deliveryMethod ? { deliveryMethod: choice.deliveryMethod } : {}) },
      }),
    enabled: choice !== null,
    staleTime: 30_000,
    retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
  });
}

function useCartWrite<TVars>(run: (vars: TVars) => Promise<CartView>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (cart) => queryClient.setQueryData(cartKeys.cart, cart) });
}

export function useAddToCart() {
  return useCartWrite((choice: OrderChoice) =>
    api<CartView>('POST', '/api/cart', {
      listingId: choice.listingId,
      packageIndex: choice.packageIndex,
      quantity: choice.quantity,
      ...(choice.deliveryMethod ? { deliveryMethod: choice.deliveryMethod } : {}),
    }),
  );
}

/** A quantity change; the answer's code says whether anything changed (cart_not_changed leaves it). */
export function useUpdateCartEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { entryId: string; quantity: number }) => api<{ cart: CartView; code: string }>('PUT', '/api/cart', vars),
    onSuccess: (answer) => queryClient.setQueryData(cartKeys.cart, answer.cart),
  });
}

export function useRemoveCartEntry() {
  return useCartWrite((entryId: string) => api<CartView>('DELETE', `/api/cart/${encodeURIComponent(entryId)}`));
}

export function useSetPaymentTerm() {
  return useCartWrite((vars: { supplierId: string; paymentTerm: PaymentTermChoice }) => api<CartView>('PUT', '/api/cart/multi-vendor-payment-term', vars));
}
