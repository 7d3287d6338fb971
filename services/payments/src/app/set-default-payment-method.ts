import { AppError, withTransaction, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { findMethod, lockUserMethods, setDefault } from '../db/payment-methods';
import { writerId } from './access';
import type { PaymentsDeps } from './deps';
import { toPaymentMethod } from './views';

/** Makes one of the caller's own methods the default (another user's is not found). */
export async function setDefaultPaymentMethod(deps: PaymentsDeps, ctx: CallContext, req: payments.SetDefaultPaymentMethodRequest): Promise<payments.SetDefaultPaymentMethodResponse> {
  const userId = writerId(ctx);
  const row = await withTransaction(deps.db, async (trx) => {
    await lockUserMethods(trx, userId);
    const method = await findMethod(trx, req.paymentMethodId);
    if (!method || method.user_id !== userId) throw new AppError('not-found');
    await setDefault(trx, userId, method.id);
    return { ...method, is_default: true };
  });
  return { method: toPaymentMethod(row, deps.now()) };
}
