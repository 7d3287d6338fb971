import { hasLimitedAccess } from '@caskade/identity/domain';
import { LIMITED_ACCESS_REASON } from '@caskade/kit/rules';
import type { CurrentUser } from '@caskade/gateway/contract';
import { buyingMessage } from '../../i18n/buyingMessages';
import { FormMessage } from '../Field';

/** Whether the signed-in login is a limited-access one (identity's rule): it may look around, not order. */
export const isLimitedLogin = (user: Pick<CurrentUser, 'scopes'> | null | undefined): boolean => Boolean(user) && hasLimitedAccess(user?.scopes ?? []);

/**
 * Said up front wherever a limited-access login could start to order (order panel, cart, checkout),
 * in the same words as the services' refusal, so nobody fills in a form only to have it refused.
 */
export function LimitedAccessOrderNote() {
  return (
    <div data-testid="limited-access-order-note">
      <FormMessage tone="info">{buyingMessage(LIMITED_ACCESS_REASON)}</FormMessage>
    </div>
  );
}
