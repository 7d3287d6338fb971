import { AppError, enqueueEvent, systemContext, withTransaction } from '@caskade/kit';
import { moveCheckout, lockCheckout } from '../db/checkouts';
import { moveOrder, ordersOfCheckout } from '../db/orders';
import { cancelTimer, scheduleTimer } from '../db/timers';
import { PROCESS_STEPS, pendingPaymentState, findTransition } from '../domain/processes';
import { isPaymentTerm, termDueDate } from '../domain/terms';
import { CheckoutPurchased } from '../events/registry';
import type { OrdersDeps } from './deps';
import { orderTransitioned } from './order-events';
import { armDueDateReminder, armTimers } from './order-timers';

export const EXPIRE_CHECKOUT = 'expire-checkout';
export const TERM_CHARGE = 'term-charge';

export interface Confirmer {
  actor: 'system' | 'operator';
  actorId: string;
}

/**
 * The payment is in (or nothing is charged now): commit the stock, then in one transaction move the
 * checkout pending → purchased and each order on — pay-now orders by the process's confirm step,
 * term orders by request-delayed-payment with their due date — with their events and the cart's.
 * Idempotent and race-safe: the payment event, the synchronous answer, the operator and the expiry
 * timer may all arrive; the conditional update lets exactly one of them do it.
 */
export async function completeCheckout(deps: OrdersDeps, checkoutId: string, by: Confirmer = { actor: 'system', actorId: '' }): Promise<boolean> {
  // Stock first: committing is idempotent, and a reservation only leaves once the checkout has ended.
  await deps.catalog.commitReservation({ reservationId: checkoutId }, systemContext(`checkout:${checkoutId}`));
  const now = deps.now();
  const done = await withTransaction(deps.db, async (trx) => {
    const checkout = await lockCheckout(trx, checkoutId);
    if (!checkout) throw new AppError('not-found', { resource: 'checkout' });
    if (!(await moveCheckout(trx, checkoutId, ['pending'], 'purchased', now))) return false;
    const rows = await ordersOfCheckout(trx, checkoutId);
    for (const order of rows) {
      const steps = PROCESS_STEPS[order.process_name];
      if (order.payment_term === 'none') {
        const name = by.actor === 'operator' ? steps.operatorConfirmPayment : steps.confirmPayment;
        const def = findTransition(order.process_name, pendingPaymentState(order.process_name), name);
        if (!def || order.state !== def.from) continue;
        const moved = await moveOrder(trx, order, { transition: name, actor: by.actor, actorId: by.actorId, to: def.to, now, paymentStatus: 'succeeded' });
        if (moved) {
          await orderTransitioned(trx, moved, order.state, by.actor, { actorId: by.actorId });
          await armTimers(trx, moved, order.state, now, deps.timerDurations);
        }
      } else if (steps.requestDelayedPayment && isPaymentTerm(order.payment_term)) {
        const def = findTransition(order.process_name, 'initial', steps.requestDelayedPayment);
        if (!def || order.state !== 'initial') continue;
        const due = termDueDate(now, order.payment_term);
        const moved = await moveOrder(trx, order, { transition: def.name, actor: 'customer', actorId: order.buyer_id, to: def.to, now, paymentStatus: 'pending', paymentDueAt: due });
        if (moved) {
          await orderTransitioned(trx, moved, order.state, 'customer', { actorId: order.buyer_id });
          await scheduleTimer(trx, TERM_CHARGE, order.id, due);
          await armTimers(trx, moved, order.state, now, deps.timerDurations);
          await armDueDateReminder(trx, moved.id, due, now);
        }
      }
    }
    await cancelTimer(trx, EXPIRE_CHECKOUT, checkoutId, now);
    await enqueueEvent(trx, CheckoutPurchased, {
      aggregateId: checkoutId,
      data: {
        checkoutId, buyerId: checkout.buyer_id, orderIds: rows.map((o) => o.id), cartEntryIds: checkout.kind === 'cart' ? checkout.cart_entry_ids : [],
        cartLines: checkout.kind === 'cart' ? rows.flatMap((o) => o.lines.filter((l) => l.cartEntryId).map((l) => ({ entryId: l.cartEntryId, quantity: l.quantity }))) : [],
      },
    });
    return true;
  }, 5);
  if (done) deps.eventsWritten();
  return done;
}
