/** What CreatePayment and RetryPayment share: the method to charge, the attempt, its outcome as a row change. */
import { AppError, invalidParams } from '@caskade/kit';
import type { Transaction, Updateable } from 'kysely';
import { PAYMENT_MSG, validPaymentMethodId } from '../domain';
import { findMethod } from '../db/payment-methods';
import { scheduleSettlement, type PaymentRow } from '../db/payments';
import type { PaymentsDB, PaymentsTable } from '../db/schema';
import type { PaymentsDeps } from './deps';
import type { ChargeResult, MethodDetails } from './provider';

/**
 * The method a buyer pays with: one of their saved methods, or a fresh one (a sandbox or Stripe
 * `pm_…` not saved by anyone, or a Stripe test id). Another user's saved method is refused.
 */
export async function resolveMethod(deps: PaymentsDeps, buyerId: string, paymentMethodId: string): Promise<MethodDetails> {
  if (paymentMethodId.length === 0) throw invalidParams({ paymentMethodId: PAYMENT_MSG.paymentMethodRequired });
  if (!validPaymentMethodId(paymentMethodId)) throw invalidParams({ paymentMethodId: PAYMENT_MSG.paymentMethodUnknown });
  const saved = await findMethod(deps.db, paymentMethodId);
  if (saved && saved.user_id !== buyerId) throw new AppError('forbidden', { fields: { paymentMethodId: 'forbidden' } });
  const described = await deps.provider.describePaymentMethod(paymentMethodId);
  // Saved by someone else and since removed, or spent (detached): not this buyer's to pay with (the sandbox
  // says so; Stripe refuses such a charge itself).
  if (described && !saved && (described.attached || described.detached)) throw invalidParams({ paymentMethodId: PAYMENT_MSG.paymentMethodUnknown });
  if (described) return described;
  if (saved) return { id: saved.id, type: saved.type, brand: saved.brand, last4: saved.last4, expMonth: saved.exp_month, expYear: saved.exp_year, bsb: saved.bsb };
  throw invalidParams({ paymentMethodId: PAYMENT_MSG.paymentMethodUnknown });
}

/** The row change a charge's result makes (failure fields cleared unless it failed). */
export function resultChange(result: ChargeResult): Omit<Updateable<PaymentsTable>, 'status' | 'version'> {
  return {
    provider_ref: result.providerRef,
    next_action_url: result.nextActionUrl,
    client_secret: result.clientSecret,
    failure_code: result.status === 'requires_payment_method' ? result.failureCode : '',
    failure_message: result.status === 'requires_payment_method' ? result.failureMessage : '',
  };
}

/** The idempotency key of an attempt, passed to the provider: the same attempt is never charged twice. */
export const attemptKey = (paymentId: string, attempt: number): string => `payment:${paymentId}:${attempt}`;

/** Sandbox: a processing debit settles later, by a timer row that survives restarts. */
export async function scheduleSandboxSettlement(deps: PaymentsDeps, trx: Transaction<PaymentsDB>, row: PaymentRow, result: ChargeResult): Promise<boolean> {
  if (!result.settlement || result.status !== 'processing') return false;
  await scheduleSettlement(trx, {
    payment_id: row.id,
    attempt: row.attempt,
    due_at: new Date(deps.now().getTime() + deps.becsSettleSeconds * 1000),
    status: result.settlement.status,
    failure_code: result.settlement.failureCode ?? '',
    failure_message: result.settlement.failureMessage ?? '',
  });
  return true;
}
