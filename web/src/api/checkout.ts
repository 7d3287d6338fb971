/**
 * The checkout API (gateway/src/routes/orders.ts, payments.ts and the delivery addresses of
 * cart.ts): what the checkout pages read (addresses, saved payment methods, the provider), the
 * speculative preview, the purchase with its Idempotency-Key, the retry after a decline, the
 * sandbox card and challenge, and the checkout's state afterwards.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingInput, CheckoutOutcomeView, CheckoutView, DeliveryAddressInput, DeliveryAddressView, SupplierTermsView } from '@caskade/gateway/contract';
import type { DeliveryMethod, PaymentTermChoice } from '@caskade/orders/domain';
import { api, isApiError } from './client';
import { cartKeys } from './cart';
import type { NewMethodDetails } from './paymentMethods';

export type { CheckoutOutcomeView, CheckoutView, DeliveryAddressInput, DeliveryAddressView, OrderView, PaymentMethodView } from '@caskade/gateway/contract';

export const checkoutKeys = {
  addresses: ['checkout', 'delivery-addresses'] as const,
  preview: (what: string) => ['checkout', 'preview', what] as const,
  checkout: (id: string) => ['checkout', 'checkout', id] as const,
  terms: (supplierId: string) => ['checkout', 'supplier-terms', supplierId] as const,
};

const clientErrorsAreFinal = (failures: number, error: unknown) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2;

export function useDeliveryAddresses() {
  return useQuery({ queryKey: checkoutKeys.addresses, queryFn: () => api<DeliveryAddressView[]>('GET', '/api/delivery-addresses') });
}

export function useAddDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliveryAddressInput) => api<DeliveryAddressView>('POST', '/api/delivery-addresses', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.addresses }),
  });
}

/** The buyer's saved methods and the provider: one query each, shared with the payment methods page. */
export { usePaymentMethods as useSavedPaymentMethods, usePaymentConfig as usePaymentProvider } from './paymentMethods';

/** A supplier's minimum order quantity and the payment terms it offers (Buy now's term choice). */
export function useSupplierTerms(supplierId: string | null) {
  return useQuery({
    queryKey: checkoutKeys.terms(supplierId ?? ''),
    queryFn: () => api<SupplierTermsView>('GET', `/api/suppliers/${encodeURIComponent(supplierId ?? '')}/terms`),
    enabled: supplierId !== null,
    staleTime: 60_000,
  });
}

/** Sandbox only: card or BECS details go to the payments service, a payment method id comes back (what Stripe Elements does). */
export const createSandboxPaymentMethod = (details: NewMethodDetails) =>
  api<{ paymentMethodId: string }>('POST', '/api/payments/sandbox/payment-methods', details).then((answer) => answer.paymentMethodId);

/** How the buyer pays: a payment method id (saved, or new from the sandbox), or bank transfer. */
export type PaymentChoice = { paymentMethodId: string } | { bankTransfer: true };

/** What is bought: the whole cart, or one listing now ("Buy now"). */
export type Purchase =
  | { kind: 'cart' }
  | { kind: 'listing'; listingId: string; orderData: { packageIndex: number; quantity: number; deliveryMethod?: DeliveryMethod }; paymentTerm: PaymentTermChoice; enquiryId?: string };

function purchaseRequest(purchase: Purchase, deliveryAddressId: string): { path: string; body: Record<string, unknown> } {
  if (purchase.kind === 'cart') return { path: '/api/initiate-privileged-from-cart', body: { deliveryAddressId } };
  const enquiry = purchase.enquiryId ? { enquiryId: purchase.enquiryId } : {};
  return { path: '/api/initiate-privileged', body: { listingId: purchase.listingId, orderData: purchase.orderData, paymentTerm: purchase.paymentTerm, deliveryAddressId, ...enquiry } };
}

/** The order summary before paying: the speculative call writes nothing and needs no key nor payment choice. */
export function useCheckoutPreview(purchase: Purchase, deliveryAddressId: string | null) {
  const { path, body } = purchaseRequest(purchase, deliveryAddressId ?? '');
  return useQuery({
    queryKey: checkoutKeys.preview(JSON.stringify([path, body])),
    queryFn: async () => (await api<CheckoutOutcomeView>('POST', path, { ...body, isSpeculative: true })).preview,
    enabled: deliveryAddressId !== null,
    // Kept while paying again after a decline: by then the cart is empty and a new preview would say so.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: clientErrorsAreFinal,
  });
}

/**
 * Pays: the purchase (or, after a decline, the checkout's retry) with the attempt's
 * Idempotency-Key, reused when the same submission is sent again. The answer's checkout says what
 * comes next (requires_action: the challenge page; otherwise the confirmation).
 */
/** A new purchase, or paying a declined checkout again with another method. */
export type PayRequest =
  /** expectedPayinTotalCents: the total the buyer reviewed; another one by then refuses the checkout (409 transaction-price-changed). */
  | { purchase: Purchase; deliveryAddressId: string; payment: PaymentChoice; billing: BillingInput; idempotencyKey: string; expectedPayinTotalCents: number }
  | { retryCheckoutId: string; payment: PaymentChoice };

export function usePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: PayRequest): Promise<CheckoutView> => {
      if ('retryCheckoutId' in vars) return api<CheckoutView>('POST', `/api/checkouts/${encodeURIComponent(vars.retryCheckoutId)}/retry-payment`, vars.payment);
      const { path, body } = purchaseRequest(vars.purchase, vars.deliveryAddressId);
      const expected = vars.expectedPayinTotalCents > 0 ? { expectedPayinTotalCents: vars.expectedPayinTotalCents } : {};
      const outcome = await api<CheckoutOutcomeView>('POST', path, { ...body, ...vars.payment, billing: vars.billing, ...expected }, { 'Idempotency-Key': vars.idempotencyKey });
      if (!outcome.checkout) throw new Error('Expected a checkout in the answer');
      return outcome.checkout;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.cart }),
    // A price changed since the summary was priced: the summary is priced again, for the buyer to review.
    onError: (error) => (isApiError(error) && error.code === 'transaction-price-changed' ? queryClient.invalidateQueries({ queryKey: ['checkout', 'preview'] }) : undefined),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKeys.checkout(checkout.id), checkout),
  });
}

/** Still settling: the confirmation page polls every second while this holds. */
export const isSettling = (checkout: CheckoutView | undefined): boolean =>
  checkout !== undefined && checkout.state === 'pending' && ['processing', 'requires_action', 'succeeded'].includes(checkout.paymentStatus);

export function useCheckout(id: string) {
  return useQuery({
    queryKey: checkoutKeys.checkout(id),
    queryFn: () => api<CheckoutView>('GET', `/api/checkouts/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (isSettling(query.state.data) ? 1000 : false),
    retry: clientErrorsAreFinal,
  });
}

/** Sandbox only: the buyer completes (or fails) the card's authentication challenge. */
export function useAnswerChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { paymentId: string; authenticated: boolean }) =>
      api<{ status: string }>('POST', `/api/payments/sandbox/challenge/${encodeURIComponent(vars.paymentId)}`, { authenticated: vars.authenticated }),
    onSuccess: (_answer, vars) => queryClient.invalidateQueries({ queryKey: checkoutKeys.checkout(vars.paymentId) }),
  });
}
