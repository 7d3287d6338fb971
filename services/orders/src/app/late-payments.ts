/**
 * Money that arrives for something that has already ended goes back in full (docs/decisions/076):
 * a checkout the operator canceled while its saga was still paying, a 3-D Secure challenge finished
 * after the checkout expired, or a term order's charge that succeeded while (or after) the order was
 * canceled. The buyer gets nothing for that money, so nothing of it is kept. Each refund has the id
 * of what it refunds (the checkout, or the term order — the id a cancel's own refund uses), so
 * however many paths find the same payment, payments refunds it once.
 */
import { AppError, systemContext } from '@caskade/kit';
import { findOrder, recordRefund, type OrderRow } from '../db/orders';
import { stateGroupOf } from '../domain/after-purchase';
import type { OrdersDeps } from './deps';

/** A term order canceled before its charge was known paid: its cancel decided to refund nothing. */
export const canceledUnpaid = (order: Pick<OrderRow, 'state' | 'payment_term' | 'refund_cents' | 'refunded_cents'>): boolean =>
  order.payment_term !== 'none' && stateGroupOf(order.state) === 'canceled' && Number(order.refund_cents) === 0 && Number(order.refunded_cents) === 0;

/** Refund all of what is left of a payment: the payment's refunded total after it, or null when there is nothing to refund (never succeeded, or refunded already). */
async function refundAll(deps: OrdersDeps, paymentId: string, refundId: string): Promise<number | null> {
  const ctx = systemContext(`refund:${refundId}`);
  try {
    const out = await deps.payments.refundPayment({ paymentId, refundId, amountCents: 0 }, ctx);
    return Number(out.payment?.refundedCents ?? 0);
  } catch (err) {
    // Not succeeded (nothing came in), nothing left to refund, or no payment at all: nothing to give back.
    if (err instanceof AppError && err.status < 500) return null;
    throw err;
  }
}

/** A checkout's payment succeeded after the checkout ended (canceled, expired): the buyer gets it back. */
export async function refundEndedCheckout(deps: OrdersDeps, checkoutId: string): Promise<void> {
  const refunded = await refundAll(deps, checkoutId, checkoutId);
  if (refunded !== null) deps.logger.warn({ checkoutId, refundedCents: refunded }, 'payment succeeded for a checkout that had ended: refunded in full');
}

/**
 * A term order's charge that succeeded on an order canceled before it was known paid: refunded in
 * full and recorded on the order. Asked from both sides — the payment's event (the charge ended
 * after the cancel) and the cancel's side effect (the charge ended first) — so whichever comes
 * last finds both facts.
 */
export async function refundLateTermCharge(deps: OrdersDeps, orderId: string): Promise<boolean> {
  const order = await findOrder(deps.db, orderId);
  if (!order || !canceledUnpaid(order)) return false;
  const payment = await deps.payments.getPayment({ paymentId: order.id }, systemContext(`refund:${order.id}`)).then((r) => r.payment, (err: unknown) => {
    if (err instanceof AppError && err.code === 'not-found') return undefined;
    throw err;
  });
  if (payment?.status !== 'succeeded') return false;
  const refunded = await refundAll(deps, order.id, order.id);
  if (refunded === null || refunded === 0) return false;
  await recordRefund(deps.db, order.id, refunded);
  deps.logger.warn({ orderId: order.id, refundedCents: refunded }, 'term charge succeeded on a canceled order: refunded in full');
  return true;
}
