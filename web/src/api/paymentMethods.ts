/**
 * Saved payment methods (GET/PUT/DELETE /api/payment-methods, POST /api/payment-methods/attach)
 * and the sandbox's stand-in for Stripe Elements (POST /api/payments/sandbox/payment-methods).
 * Card numbers go to the payments service once and are never kept here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { PaymentMethodView, PaymentProviderView, SandboxPaymentMethodBody } from '@caskade/gateway/contract';

export type { PaymentMethodView, PaymentProviderView } from '@caskade/gateway/contract';

export const paymentMethodKeys = {
  methods: ['payment-methods'] as const,
  config: ['payments', 'config'] as const,
};

/** Card or BECS details for the sandbox (the contract's body). */
export type NewMethodDetails = SandboxPaymentMethodBody;
export type CardDetails = Extract<NewMethodDetails, { card: unknown }>['card'];
export type BecsDetails = Extract<NewMethodDetails, { becs: unknown }>['becs'];

export const usePaymentMethods = () =>
  useQuery({ queryKey: paymentMethodKeys.methods, queryFn: () => api<PaymentMethodView[]>('GET', '/api/payment-methods') });

export const usePaymentConfig = () =>
  useQuery({ queryKey: paymentMethodKeys.config, queryFn: () => api<PaymentProviderView>('GET', '/api/payments/config'), staleTime: Infinity });

/**
 * Saves a card or a BECS account with the sandbox provider: the details become a payment method
 * id, which is attached to the buyer (the first saved becomes the default; `replaces` swaps one).
 */
export function useSaveSandboxMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ details, replaces }: { details: NewMethodDetails; replaces?: string }) => {
      const { paymentMethodId } = await api<{ paymentMethodId: string }>('POST', '/api/payments/sandbox/payment-methods', details);
      return api<PaymentMethodView>('POST', '/api/payment-methods/attach', { paymentMethodId, ...(replaces ? { replacesPaymentMethodId: replaces } : {}) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.methods }),
  });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) => api<PaymentMethodView>('PUT', '/api/payment-methods', { paymentMethodId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.methods }),
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) => api('DELETE', `/api/payment-methods?paymentMethodId=${encodeURIComponent(paymentMethodId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.methods }),
  });
}
