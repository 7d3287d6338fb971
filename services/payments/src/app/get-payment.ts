import type { CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { visiblePayment } from './access';
import type { PaymentsDeps } from './deps';
import { toPayment } from './views';

/** A payment, to services, operators and its buyer (anyone else: not found). */
export async function getPayment(deps: PaymentsDeps, ctx: CallContext, req: payments.GetPaymentRequest): Promise<payments.GetPaymentResponse> {
  return { payment: toPayment(await visiblePayment(deps, ctx, req.paymentId), deps.bank) };
}
