import { AppError, systemContext } from '@caskade/kit';
import type { orders, payments } from '@caskade/proto';
import { ORDER_MSG } from '../domain/messages';
import type { OrdersDeps } from './deps';

export interface PaymentSummary {
  status: string;
  nextActionUrl: string;
  /** Stripe's client secret while the payment requires_action (empty otherwise). */
  clientSecret: string;
  failureCode: string;
  failureMessage: string;
  bankTransfer?: orders.BankTransferInstructions | undefined;
}

export function paymentSummary(p: payments.Payment): PaymentSummary {
  return {
    status: p.status,
    nextActionUrl: p.nextActionUrl,
    clientSecret: p.status === 'requires_action' ? p.clientSecret : '',
    failureCode: p.failureCode,
    failureMessage: p.status === 'requires_payment_method' ? ORDER_MSG.paymentFailed : '',
    bankTransfer: p.bankTransfer,
  };
}

/** The checkout's payment as the buyer sees it (null when none was made yet). */
export async function paymentOf(deps: OrdersDeps, paymentId: string): Promise<PaymentSummary | null> {
  try {
    const p = (await deps.payments.getPayment({ paymentId }, systemContext(`checkout:${paymentId}`))).payment;
    return p ? paymentSummary(p) : null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not-found') return null;
    throw err;
  }
}
