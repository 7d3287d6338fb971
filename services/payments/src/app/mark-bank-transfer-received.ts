import { AppError, withTransaction, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { lockPayment } from '../db/payments';
import { assertServiceOrOperator, requireId } from './access';
import type { PaymentsDeps } from './deps';
import { changeStatus } from './status-change';
import { toPayment } from './views';

/** The operator confirms a bank transfer arrived: awaiting_transfer → succeeded (again: unchanged). */
export async function markBankTransferReceived(deps: PaymentsDeps, ctx: CallContext, req: payments.MarkBankTransferReceivedRequest): Promise<payments.MarkBankTransferReceivedResponse> {
  assertServiceOrOperator(ctx);
  const paymentId = requireId('paymentId', req.paymentId);
  let changed = false;
  const row = await withTransaction(deps.db, async (trx) => {
    const locked = await lockPayment(trx, paymentId);
    if (!locked) throw new AppError('not-found');
    if (locked.method_type !== 'bank_transfer') throw new AppError('transaction-invalid-transition', { from: locked.status, to: 'succeeded', methodType: locked.method_type });
    if (locked.status === 'succeeded') return locked;
    const updated = await changeStatus(deps, trx, locked, 'succeeded', 'transfer-received');
    changed = true;
    return updated ?? locked;
  });
  if (changed) {
    deps.eventsWritten();
    deps.wake.transfers();
  }
  return { payment: toPayment(row, deps.bank) };
}
