import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** A supplier membership plan as `GET /api/plans` answers it (amounts in cents, AUD). */
export interface Plan {
  key: 'small' | 'medium' | 'large' | 'services';
  name: string;
  audience: string;
  monthly: { exGst: number; gst: number; incGst: number };
  volumeCents: number | null;
  platformFee: number;
}

/** The plans come from the API: prices, GST and fees are the gateway's, never a copy in the web app. */
export function usePlans() {
  return useQuery({ queryKey: ['plans'], queryFn: () => api<Plan[]>('GET', '/api/plans'), staleTime: 60 * 60_000 });
}
