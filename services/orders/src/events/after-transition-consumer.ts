import { systemContext, type SubscribeOptions } from '@caskade/kit';
import { findOrder, recordRefund } from '../db/orders';
import { transitionEffect } from '../domain/after-purchase';
import type { OrdersDeps } from '../app/deps';
import { refundLateTermCharge } from '../app/late-payments';
import { AfterTransitionConsumer } from './registry';

/**
 * A canceled order's side effects, after its transition committed (docs/decisions/044): its stock
 * goes back to the catalog (once per order id; not after a partial refund, the goods kept), the refund decided at the transition is made
 * (refund id = order id: once), its shipping order is removed, and the refund is recorded. A
 * failure throws and the bus redelivers; the order itself stays canceled.
 */
export function afterTransitionConsumer(deps: OrdersDeps): SubscribeOptions {
  return AfterTransitionConsumer.handle(async (event) => {
    const e = event.data;
    if (transitionEffect({ from: e.fromState, to: e.toState }) !== 'cancel') return;
    const order = await findOrder(deps.db, e.orderId);
    if (!order) return;
    const ctx = systemContext(`order:${order.id}`);
    // A dispute settled with a partial refund leaves the goods with the buyer (the supplier is paid
    // what the refund leaves): nothing comes back to sell again. Any other cancel puts the stock back.
    const keptByBuyer = e.refundCents > 0 && e.refundCents < Number(order.payin_total_cents);
    const lines = keptByBuyer ? [] : order.lines.map((l) => ({ listingId: l.listingId, quantity: l.quantity })).filter((l) => l.quantity > 0);
    if (lines.length > 0) await deps.catalog.restockQuantity({ restockId: order.id, lines }, ctx);
    if (e.refundCents > 0 && e.paymentId && Number(order.refunded_cents) === 0) {
      // The same refund id again (a redelivery after the refund, before it was recorded) answers the payment, refunding nothing twice.
      await deps.payments.refundPayment({ paymentId: e.paymentId, refundId: order.id, amountCents: e.refundCents }, ctx);
      await recordRefund(deps.db, order.id, e.refundCents);
    }
    // A term order canceled before its charge was known paid (refund 0): a charge that succeeded meanwhile goes back.
    if (e.refundCents === 0 && order.payment_term !== 'none') await refundLateTermCharge(deps, order.id);
    await deps.shipping.removeShippingOrder(order);
  });
}
