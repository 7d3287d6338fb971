/** The supplier's payout account (GET /api/payout-account): read by the Payouts page and the payout reminder. */
import { useQuery } from '@tanstack/react-query';
import type { PayoutAccountView } from '@caskade/gateway/contract';
import { api } from './client';

export const payoutAccountKey = ['payouts', 'account'] as const;

/** null while the supplier has no payout account. */
export const usePayoutAccount = (enabled = true) =>
  useQuery({ queryKey: payoutAccountKey, queryFn: () => api<PayoutAccountView | null>('GET', '/api/payout-account'), enabled });
