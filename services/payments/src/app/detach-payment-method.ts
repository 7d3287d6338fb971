import { AppError, withTransaction, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { deleteMethod, listMethods, lockUserMethods, setDefault } from '../db/payment-methods';
import { writerId } from './access';
import type { PaymentsDeps } from './deps';

/** Removes one of the caller's methods; when it was the default, the next saved one becomes the default. */
export async function detachPaymentMethod(deps: PaymentsDeps, ctx: CallContext, req: payments.DetachPaymentMethodRequest): Promise<payments.DetachPaymentMethodResponse> {
  const userId = writerId(ctx);
  await withTransaction(deps.db, async (trx) => {
    await lockUserMethods(trx, userId);
    const removed = await deleteMethod(trx, userId, req.paymentMethodId);
    if (!removed) throw new AppError('not-found');
    if (removed.is_default) {
      const next = (await listMethods(trx, userId))[0];
      if (next) await setDefault(trx, userId, next.id);
    }
  });
  await deps.provider.detachPaymentMethod(req.paymentMethodId).catch((err: unknown) => deps.logger.warn({ err, paymentMethodId: req.paymentMethodId }, 'could not detach a payment method at the provider'));
  return {};
}
