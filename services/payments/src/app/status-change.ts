/**
 * Every status change of a payment: the process table's check, the conditional update (from the
 * status the caller saw) and the status_changed event, in the caller's transaction.
 */
import { AppError, enqueueEvent } from '@caskade/kit';
import type { Transaction, Updateable } from 'kysely';
import { allowed, type PaymentStatus, type PaymentTrigger } from '../domain';
import { updatePaymentFrom, type PaymentRow } from '../db/payments';
import type { PaymentsDB, PaymentsTable } from '../db/schema';
import { PaymentStatusChanged } from '../events/registry';
import type { PaymentsDeps } from './deps';

export async function emitStatusChanged(trx: Transaction<PaymentsDB>, row: PaymentRow, previousStatus: PaymentStatus | ''): Promise<void> {
  await enqueueEvent(trx, PaymentStatusChanged, {
    aggregateId: row.id,
    aggregateVersion: row.version,
    data: {
      paymentId: row.id,
      buyerId: row.buyer_id,
      status: row.status,
      previousStatus,
      amountCents: row.amount_cents,
      failureCode: row.failure_code,
      failureMessage: row.failure_message,
      methodType: row.method_type,
    },
  });
}

/**
 * Moves `row` (as read, locked, in this transaction) to `to` with `change`; refuses a move the
 * table does not allow (transaction-invalid-transition). Answers the updated row, or undefined when
 * the payment had moved on meanwhile (the conditional update matched nothing).
 */
export async function changeStatus(
  deps: Pick<PaymentsDeps, 'now'>,
  trx: Transaction<PaymentsDB>,
  row: PaymentRow,
  to: PaymentStatus,
  via: PaymentTrigger | undefined,
  change: Omit<Updateable<PaymentsTable>, 'status' | 'version'> = {},
): Promise<PaymentRow | undefined> {
  if (!allowed(row.status, to, via)) throw new AppError('transaction-invalid-transition', { from: row.status, to });
  const updated = await updatePaymentFrom(trx, row.id, row.status, { ...change, status: to, updated_at: deps.now() });
  if (updated) await emitStatusChanged(trx, updated, row.status);
  return updated;
}
