import { AppError, invalidParams, withTransaction, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { neverChargeAgain, PAYMENT_MSG } from '../domain';
import { lockPayment, type PaymentRow } from '../db/payments';
import { visiblePayment } from './access';
import { attemptKey, resolveMethod, resultChange, scheduleSandboxSettlement } from './charge';
import { ensureCustomer } from './customers';
import type { PaymentsDeps } from './deps';
import { changeStatus } from './status-change';
import { toPayment } from './views';

/** A payment whose money moved, is moving or was given up is answered as it is (never charged again). */
function unchangedOrRefused(row: PaymentRow): PaymentRow {
  if (neverChargeAgain(row.status)) return row;
  throw new AppError('transaction-invalid-transition', { from: row.status, to: 'retry' });
}

/** Statuses a retry starts from: declined, or a challenge the buyer gave up on. */
const RETRYABLE = ['requires_payment_method', 'requires_action'];

/**
 * Tries a failed payment (requires_payment_method) again with another method, or switches it to a
 * bank transfer; also one waiting for its challenge (requires_action), whose open intent is canceled
 * at the provider first, under the row lock, so the old challenge can no longer charge it too. A new
 * attempt has its own idempotency key; the row lock serialises retries.
 */
export async function retryPayment(deps: PaymentsDeps, ctx: CallContext, req: payments.RetryPaymentRequest): Promise<payments.RetryPaymentResponse> {
  const current = await visiblePayment(deps, ctx, req.paymentId);
  const answer = (row: PaymentRow) => ({ payment: toPayment(row, deps.bank) });
  if (!RETRYABLE.includes(current.status)) return answer(unchangedOrRefused(current));
  if (req.bankTransfer && req.paymentMethodId) throw invalidParams({ paymentMethodId: PAYMENT_MSG.paymentMethodTypeInvalid });
  const method = req.bankTransfer ? null : await resolveMethod(deps, current.buyer_id, req.paymentMethodId);
  const customerId = method ? await ensureCustomer(deps, current.buyer_id) : '';
  let changed = false;
  let settles = false;
  const row = await withTransaction(deps.db, async (trx) => {
    const locked = await lockPayment(trx, current.id);
    if (!locked) throw new AppError('not-found');
    if (!RETRYABLE.includes(locked.status)) return unchangedOrRefused(locked);
    if (locked.status === 'requires_action' && locked.provider_ref) await deps.provider.cancel(locked.provider_ref);
    const attempt = locked.attempt + 1;
    const now = deps.now();
    if (!method) {
      const updated = await changeStatus(deps, trx, locked, 'awaiting_transfer', 'attempt', {
        attempt, method_type: 'bank_transfer', payment_method_id: '', failure_code: '', failure_message: '', next_action_url: '', client_secret: '',
        bank_due_by: new Date(now.getTime() + deps.bankTransferWindowSeconds * 1000),
      });
      changed = true;
      return updated ?? locked;
    }
    const result = await deps.provider.charge({
      paymentId: locked.id, idempotencyKey: attemptKey(locked.id, attempt), amountCents: locked.amount_cents, customerId, method,
      offSession: locked.off_session, description: locked.description, transferGroup: locked.id,
    });
    const updated = await changeStatus(deps, trx, locked, result.status, 'attempt', { ...resultChange(result), attempt, method_type: method.type, payment_method_id: method.id });
    if (!updated) throw new Error(`payment ${locked.id} changed under its lock`);
    changed = true;
    settles = await scheduleSandboxSettlement(deps, trx, updated, result);
    return updated;
  });
  if (changed) {
    deps.eventsWritten();
    if (settles) deps.wake.settlements();
    if (row.status === 'succeeded') deps.wake.transfers();
  }
  return answer(row);
}
