import { AppError, invalidParams, systemContext, type CallContext } from '@caskade/kit';
import { findOrder, setOrderPaymentStatus, type OrderRow } from '../db/orders';
import { ORDER_MSG } from '../domain/messages';
import { payNowAllowed, termPaymentStatus } from '../domain/terms';
import type { OrdersDeps } from './deps';
import { callerActions } from './caller-actions';

const description = (o: OrderRow) => `Caskade order ${o.order_number} (${o.payment_term.replace('_', ' ')} term)`;
const transfers = (o: OrderRow) => [{ supplierId: o.supplier_id, amountCents: o.payout_total_cents, orderId: o.id }];

/**
 * The due date of a term order: its payin is charged off-session to the payment method the buyer
 * chose at checkout, or their default one (payment id = order id, so the charge is idempotent across timer retries and replicas).
 * A decline, or no saved method, leaves the order "failed auto-charge" for the buyer's Pay now;
 * a direct debit in processing is settled by the payment's event. A canceled order is not charged.
 */
export async function chargeTermOrder(deps: OrdersDeps, orderId: string): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (!order || order.payment_term === 'none' || order.payment_status === 'paid' || order.state === 'canceled-delayed-payment' || order.state === 'initial') return;
  const ctx = systemContext(`term:${orderId}`);
  const charge = (paymentMethodId: string) => deps.payments.createPayment({
    paymentId: order.id, buyerId: order.buyer_id, amountCents: order.payin_total_cents, paymentMethodId, bankTransfer: false,
    description: description(order), offSession: true, transfers: transfers(order), bankTransferWindowSeconds: 0, reference: order.order_number,
  }, ctx);
  try {
    // The method chosen at checkout; one removed since (refused before anything is written or
    // charged) gives way to the buyer's default, as an order with no chosen method uses.
    const chosen = order.term_payment_method_id;
    const out = chosen
      ? await charge(chosen).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'validation-invalid-params' && isMethodRefusal(err)) return charge('');
        throw err;
      })
      : await charge('');
    await setOrderPaymentStatus(deps.db, order.id, termPaymentStatus(out.payment?.status ?? ''));
  } catch (err) {
    // Refused outright (no saved method, say): the buyer pays now by hand.
    if (err instanceof AppError && err.status < 500) {
      deps.logger.info({ orderId, code: err.code }, 'term charge refused; the order waits for Pay now');
      await setOrderPaymentStatus(deps.db, order.id, 'failed');
      return;
    }
    throw err;
  }
}

const isMethodRefusal = (err: AppError): boolean => {
  const fields = err.meta?.['fields'];
  return typeof fields === 'object' && fields !== null && 'paymentMethodId' in fields;
};

/** The buyer pays a failed term charge now, with a payment method of their choice. */
export async function payTermOrderNow(deps: OrdersDeps, ctx: CallContext, order: OrderRow, params: Record<string, unknown>): Promise<void> {
  // Not allowed on this order answers so whatever the params (as every other transition does).
  if (!payNowAllowed({ paymentTerm: order.payment_term, state: order.state, paymentStatus: order.payment_status }, 'customer')) {
    throw new AppError('transaction-invalid-transition', { transition: 'pay-now', state: order.state, allowed: callerActions(order, 'customer') });
  }
  const paymentMethodId = typeof params['paymentMethodId'] === 'string' ? params['paymentMethodId'] : '';
  if (!paymentMethodId) throw invalidParams({ paymentMethodId: 'validation.required' });
  const sys = systemContext(ctx.requestId);
  const existing = await deps.payments.getPayment({ paymentId: order.id }, sys).then((r) => r.payment, (err: unknown) => {
    if (err instanceof AppError && err.code === 'not-found') return undefined;
    throw err;
  });
  const out = existing
    ? await deps.payments.retryPayment({ paymentId: order.id, paymentMethodId, bankTransfer: false }, sys)
    : await deps.payments.createPayment({
      paymentId: order.id, buyerId: order.buyer_id, amountCents: order.payin_total_cents, paymentMethodId, bankTransfer: false,
      description: description(order), offSession: false, transfers: transfers(order), bankTransferWindowSeconds: 0, reference: order.order_number,
    }, sys);
  const status = termPaymentStatus(out.payment?.status ?? '');
  await setOrderPaymentStatus(deps.db, order.id, status);
  // A card that asks for its bank's challenge: not paid yet, so Pay now stays offered (another card
  // cancels this attempt); the answer carries the challenge, which the web opens (ADR 079).
  // With Stripe, the challenge runs in the page (Stripe.js handleNextAction) from the intent's client
  // secret, given to this buyer only, as their checkout's is.
  const waiting = out.payment?.status === 'requires_action' ? out.payment : undefined;
  const challenge = { ...(waiting?.nextActionUrl ? { nextActionUrl: waiting.nextActionUrl } : {}), ...(waiting?.clientSecret ? { clientSecret: waiting.clientSecret } : {}) };
  if (status === 'failed') throw new AppError('transaction-payment-failed', { orderId: order.id, failureCode: out.payment?.failureCode ?? '', message: ORDER_MSG.paymentFailed, ...challenge });
}
