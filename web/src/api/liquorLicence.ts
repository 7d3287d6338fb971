/** A buyer's liquor licence (ADR 042): PUT /api/current-user/liquor-licence answers the updated current user. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LiquorLicenceBody } from '@caskade/gateway/contract';
import { api } from './client';
import { CURRENT_USER_KEY } from './session';

export const hasLiquorLicence = (user: CurrentUser | null | undefined): boolean =>
  !!user && user.profile.liquorLicenceNumber !== '' && user.profile.liquorLicenceState !== '';

export function useSetLiquorLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LiquorLicenceBody) => api<CurrentUser>('PUT', '/api/current-user/liquor-licence', body),
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      // Checkout summaries (checkoutKeys.preview) refused for want of a licence are asked for again.
      void queryClient.invalidateQueries({ queryKey: ['checkout', 'preview'] });
    },
  });
}
