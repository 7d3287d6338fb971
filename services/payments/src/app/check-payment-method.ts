import type { CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { assertServiceOrBuyer, requireId } from './access';
import { resolveMethod } from './charge';
import type { PaymentsDeps } from './deps';

/**
 * Would CreatePayment take this method for this buyer? Answers its type, or the refusal a payment
 * would meet (required or unknown: 400; another user's saved method: 403). Orders asks before a
 * checkout writes its orders, so a method refused outright leaves nothing behind (docs/decisions/077).
 * Nothing is charged, kept or changed.
 */
export async function checkPaymentMethod(deps: PaymentsDeps, ctx: CallContext, req: payments.CheckPaymentMethodRequest): Promise<payments.CheckPaymentMethodResponse> {
  const buyerId = requireId('buyerId', req.buyerId);
  assertServiceOrBuyer(ctx, buyerId);
  const method = await resolveMethod(deps, buyerId, req.paymentMethodId);
  return { methodType: method.type };
}
