import type { payments } from '@caskade/proto';
import type { PaymentsDeps } from './deps';

/** Which provider runs and what the browser needs (Stripe's publishable key). */
export async function getProviderConfig(deps: PaymentsDeps): Promise<payments.GetProviderConfigResponse> {
  return { provider: deps.provider.kind, publishableKey: deps.provider.publishableKey };
}
