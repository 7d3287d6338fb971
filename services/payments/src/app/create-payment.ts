import { createHash } from 'node:crypto';
import { AppError, CURRENCY, invalidParams, withTransaction, type CallContext } from '@caskade/kit';
import { payments } from '@caskade/proto';
import { bankTransferReference, MAX_AMOUNT_CENTS, PAYMENT_MSG, validId } from '../domain';
import { findPayment, insertPaymentUnlessPresent, insertTransfers, updatePaymentFrom, type PaymentRow } from '../db/payments';
import { listMethods } from '../db/payment-methods';
import { assertServiceOrBuyer, requireId } from './access';
import { attemptKey, resolveMethod, resultChange, scheduleSandboxSettlement } from './charge';
import { ensureCustomer } from './customers';
import type { PaymentsDeps } from './deps';
import { emitStatusChanged } from './status-change';
import { toPayment } from './views';

/** What makes two CreatePayment calls with one payment_id the same request. */
const requestHash = (req: payments.CreatePaymentRequest): string =>
  createHash('sha256')
    .update(JSON.stringify([req.buyerId, req.amountCents, req.bankTransfer ? '' : req.paymentMethodId, req.bankTransfer]))
    .digest('hex');

function checkRequest(deps: PaymentsDeps, req: payments.CreatePaymentRequest): { windowSeconds: number } {
  if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0) throw new AppError('transaction-charge-zero-payin');
  if (req.amountCents > MAX_AMOUNT_CENTS) throw invalidParams({ amountCents: 'validation.amountTooLarge' });
  if (req.bankTransfer && req.paymentMethodId) throw invalidParams({ paymentMethodId: PAYMENT_MSG.paymentMethodTypeInvalid });
  if (req.bankTransferWindowSeconds < 0 || req.bankTransferWindowSeconds > 60 * 24 * 3600) throw invalidParams({ bankTransferWindowSeconds: PAYMENT_MSG.windowInvalid });
  let owed = 0;
  for (const [i, t] of req.transfers.entries()) {
    if (!validId(t.supplierId)) throw invalidParams({ [`transfers.${i}.supplierId`]: PAYMENT_MSG.idInvalid });
    if (!validId(t.orderId)) throw invalidParams({ [`transfers.${i}.orderId`]: PAYMENT_MSG.idInvalid });
    if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0) throw invalidParams({ [`transfers.${i}.amountCents`]: 'validation.amountInvalid' });
    owed += t.amountCents;
  }
  if (owed > req.amountCents) throw invalidParams({ transfers: PAYMENT_MSG.transfersAboveAmount });
  const keys = new Set(req.transfers.map((t) => `${t.supplierId}\n${t.orderId}`));
  if (keys.size !== req.transfers.length) throw invalidParams({ transfers: 'validation.duplicate' });
  return { windowSeconds: req.bankTransferWindowSeconds || deps.bankTransferWindowSeconds };
}

/** The existing payment for a replayed request; the same id with another body is refused. */
function replay(row: PaymentRow, hash: string): PaymentRow {
  if (row.request_hash !== hash) throw invalidParams({ paymentId: PAYMENT_MSG.idempotencyKeyReused });
  return row;
}

/**
 * Creates and confirms a payment, idempotent on payment_id: the first call inserts the payment
 * and charges in one transaction; concurrent and later calls with the same body wait for it and
 * answer the same payment, never charging again (ADR 040). Callers: services, or the buyer.
 */
export async function createPayment(deps: PaymentsDeps, ctx: CallContext, req: payments.CreatePaymentRequest): Promise<payments.CreatePaymentResponse> {
  const paymentId = requireId('paymentId', req.paymentId);
  const buyerId = requireId('buyerId', req.buyerId);
  assertServiceOrBuyer(ctx, buyerId);
  const { windowSeconds } = checkRequest(deps, req);
  const hash = requestHash(req);
  const answer = (row: PaymentRow) => ({ payment: toPayment(row, deps.bank) });

  const existing = await findPayment(deps.db, paymentId);
  if (existing) return answer(replay(existing, hash));

  // An off-session charge (a payment term's due date) without a method takes the buyer's default.
  const methodId = req.paymentMethodId || (req.offSession && !req.bankTransfer ? ((await listMethods(deps.db, buyerId))[0]?.id ?? '') : '');
  const method = req.bankTransfer ? null : await resolveMethod(deps, buyerId, methodId);
  const customerId = method ? await ensureCustomer(deps, buyerId) : '';
  const now = deps.now();
  let created = false;
  let settles = false;
  const row = await withTransaction(deps.db, async (trx) => {
    const inserted = await insertPaymentUnlessPresent(trx, {
      id: paymentId,
      buyer_id: buyerId,
      amount_cents: req.amountCents,
      currency: CURRENCY,
      method_type: method?.type ?? 'bank_transfer',
      payment_method_id: method?.id ?? '',
      status: method ? 'requires_payment_method' : 'awaiting_transfer',
      request_hash: hash,
      description: req.description.slice(0, 500),
      off_session: req.offSession,
      bank_reference: bankTransferReference(paymentId, req.reference),
      bank_due_by: method ? null : new Date(now.getTime() + windowSeconds * 1000),
      created_at: now,
      updated_at: now,
    });
    if (!inserted) {
      const current = await findPayment(trx, paymentId);
      if (!current) throw new Error(`payment ${paymentId} vanished`);
      return replay(current, hash);
    }
    created = true;
    await insertTransfers(trx, req.transfers.map((t) => ({ payment_id: paymentId, supplier_id: t.supplierId, order_id: t.orderId, amount_cents: t.amountCents, state: 'pending' as const, next_attempt_at: now })));
    if (!method) {
      await emitStatusChanged(trx, inserted, '');
      return inserted;
    }
    const result = await deps.provider.charge({
      paymentId,
      idempotencyKey: attemptKey(paymentId, inserted.attempt),
      amountCents: req.amountCents,
      customerId,
      method,
      offSession: req.offSession,
      description: req.description,
      transferGroup: paymentId,
    });
    const charged = await updatePaymentFrom(trx, paymentId, 'requires_payment_method', { ...resultChange(result), status: result.status, updated_at: now });
    if (!charged) throw new Error(`payment ${paymentId} changed while being created`);
    await emitStatusChanged(trx, charged, '');
    settles = await scheduleSandboxSettlement(deps, trx, charged, result);
    return charged;
  });
  if (created) {
    deps.eventsWritten();
    if (settles) deps.wake.settlements();
    if (row.status === 'succeeded') deps.wake.transfers();
  }
  return answer(row);
}
