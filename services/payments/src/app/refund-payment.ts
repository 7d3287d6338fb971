import { AppError, enqueueEvent, invalidParams, withTransaction, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { PAYMENT_MSG, refundableCents } from '../domain';
import { findRefund, lockPayment } from '../db/payments';
import { PaymentRefunded } from '../events/registry';
import { assertServiceOrOperator, requireId } from './access';
import type { PaymentsDeps } from './deps';
import { toPayment } from './views';

/**
 * Refunds all (amount 0) or part of a succeeded payment, idempotent on refund_id (the same id again
 * answers the payment; with another payment or amount it is refused). Never above what is left.
 */
export async function refundPayment(deps: PaymentsDeps, ctx: CallContext, req: payments.RefundPaymentRequest): Promise<payments.RefundPaymentResponse> {
  assertServiceOrOperator(ctx);
  const paymentId = requireId('paymentId', req.paymentId);
  const refundId = requireId('refundId', req.refundId);
  if (!Number.isSafeInteger(req.amountCents) || req.amountCents < 0) throw invalidParams({ amountCents: PAYMENT_MSG.refundAboveAmount });
  let refunded = false;
  const row = await withTransaction(deps.db, async (trx) => {
    const locked = await lockPayment(trx, paymentId);
    if (!locked) throw new AppError('not-found');
    const earlier = await findRefund(trx, refundId);
    if (earlier) {
      if (earlier.payment_id !== paymentId || (req.amountCents !== 0 && req.amountCents !== earlier.amount_cents)) throw invalidParams({ refundId: PAYMENT_MSG.idempotencyKeyReused });
      return locked;
    }
    if (locked.status !== 'succeeded') throw new AppError('transaction-invalid-transition', { from: locked.status, to: 'refunded' });
    const left = refundableCents(locked.amount_cents, locked.refunded_cents);
    const amount = req.amountCents === 0 ? left : req.amountCents;
    if (amount <= 0 || amount > left) throw invalidParams({ amountCents: PAYMENT_MSG.refundAboveAmount });
    const { refundRef } = await deps.provider.refund({ providerRef: locked.provider_ref, refundId, amountCents: amount });
    await trx.insertInto('refunds').values({ id: refundId, payment_id: paymentId, amount_cents: amount, provider_ref: refundRef }).execute();
    const updated = await trx
      .updateTable('payments')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amount), version: eb('version', '+', 1), updated_at: deps.now() }))
      .where('id', '=', paymentId)
      .where('refunded_cents', '=', locked.refunded_cents)
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueEvent(trx, PaymentRefunded, {
      aggregateId: paymentId,
      aggregateVersion: updated.version,
      data: { paymentId, refundId, amountCents: amount, refundedTotalCents: updated.refunded_cents },
    });
    refunded = true;
    return updated;
  });
  if (refunded) deps.eventsWritten();
  return { payment: toPayment(row, deps.bank) };
}
