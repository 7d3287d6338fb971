/** The buyer's delivery addresses (GET/POST /api/delivery-addresses, PUT/DELETE /api/delivery-addresses/{id}). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { DeliveryAddressInput, DeliveryAddressView } from '@caskade/gateway/contract';

export type { DeliveryAddressInput, DeliveryAddressView } from '@caskade/gateway/contract';

export const addressKeys = { all: ['delivery-addresses'] as const };

export const useDeliveryAddresses = () =>
  useQuery({ queryKey: addressKeys.all, queryFn: () => api<DeliveryAddressView[]>('GET', '/api/delivery-addresses') });

function useAddressMutation<T>(call: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }) });
}

export const useCreateAddress = () => useAddressMutation((body: DeliveryAddressInput) => api<DeliveryAddressView>('POST', '/api/delivery-addresses', body));

export const useUpdateAddress = () =>
  useAddressMutation(({ id, body }: { id: string; body: DeliveryAddressInput }) => api<DeliveryAddressView>('PUT', `/api/delivery-addresses/${encodeURIComponent(id)}`, body));

export const useDeleteAddress = () => useAddressMutation((id: string) => api('DELETE', `/api/delivery-addresses/${encodeURIComponent(id)}`));
