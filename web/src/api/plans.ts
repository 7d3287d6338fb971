import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@caskade/gateway/contract';
import { api } from './client';

/** A supplier membership plan as `GET /api/plans` answers it (amounts in cents, AUD): the gateway's contract. */
export type { Plan } from '@caskade/gateway/contract';

/** The plans come from the API: prices, GST and fees are the gateway's, never a copy in the web app. */
export function usePlans() {
  return useQuery({ queryKey: ['plans'], queryFn: () => api<Plan[]>('GET', '/api/plans'), staleTime: 60 * 60_000 });
}
