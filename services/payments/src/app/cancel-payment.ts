import { AppError, withTransaction, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { cancelable } from '../domain';
import { lockPayment } from '../db/payments';
import { assertServiceOrOperator, requireId } from './access';
import type { PaymentsDeps } from './deps';
import { changeStatus } from './status-change';
import { toPayment } from './views';

/**
 * Cancels a payment whose money has not moved (expiry, an abandoned checkout). Canceling again
 * answers it unchanged; a succeeded or processing payment is refused (transaction-invalid-transition).
 */
export async function cancelPayment(deps: PaymentsDeps, ctx: CallContext, req: payments.CancelPaymentRequest): Promise<payments.CancelPaymentResponse> {
  assertServiceOrOperator(ctx);
  const paymentId = requireId('paymentId', req.paymentId);
  let changed = false;
  const row = await withTransaction(deps.db, async (trx) => {
    const locked = await lockPayment(trx, paymentId);
    if (!locked) throw new AppError('not-found');
    if (locked.status === 'canceled') return locked;
    if (!cancelable(locked.status)) throw new AppError('transaction-invalid-transition', { from: locked.status, to: 'canceled' });
    if (locked.provider_ref && locked.method_type !== 'bank_transfer') await deps.provider.cancel(locked.provider_ref);
    const updated = await changeStatus(deps, trx, locked, 'canceled', 'cancel', { next_action_url: '', client_secret: '' });
    changed = true;
    return updated ?? locked;
  });
  if (changed) deps.eventsWritten();
  return { payment: toPayment(row, deps.bank) };
}
