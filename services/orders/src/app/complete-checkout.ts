import { AppError, enqueueEvent, systemContext, withTransaction } from '@caskade/kit';
import { findCheckout, purchasePendingCheckout, type CheckoutRow } from '../db/checkouts';
import { moveOrder, ordersOfCheckout, type OrderRow } from '../db/orders';
import { cancelTimer, scheduleTimer } from '../db/timers';
import { PROCESS_STEPS, pendingPaymentState, findTransition } from '../domain/processes';
import { isPaymentTerm, termDueDate } from '../domain/terms';
import { CheckoutPlaced, CheckoutPurchased } from '../events/registry';
import type { OrdersDeps } from './deps';
import { orderTransitioned } from './order-events';
import { closeCheckout } from './close-checkout';
import { refundEndedCheckout } from './late-payments';
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
  return (await completeCheckoutRows(deps, checkoutId, by)) !== null;
}

/** The completed checkout and its orders as this call left them (what the saga answers with, read no more), or null when it did not complete it. */
export interface CompletedCheckout {
  checkout: CheckoutRow;
  orders: OrderRow[];
}

/** completeCheckout, answering the checkout and orders it moved (null when another completed or ended it). */
export async function completeCheckoutRows(deps: OrdersDeps, checkoutId: string, by: Confirmer = { actor: 'system', actorId: '' }): Promise<CompletedCheckout | null> {
  // Stock first: committing is idempotent, and a reservation only leaves once the checkout has ended.
  try {
    await deps.catalog.commitReservation({ reservationId: checkoutId }, systemContext(`checkout:${checkoutId}`));
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'transaction-invalid-transition')) throw err;
    // Paid, but its stock was given back meanwhile (a debit or challenge that finished after the
    // hold ran out, a transfer confirmed after a late timer): it may be sold already, so the buyer
    // gets the money back in full — first, as it is idempotent (refund id = checkout id) — and the
    // checkout ends expired. Before, every look retried the commit forever with the money kept (ADR 079).
    await refundEndedCheckout(deps, checkoutId);
    await closeCheckout(deps, checkoutId, 'expired', { actor: 'system', actorId: '' }, { paymentStatus: 'refunded', timerKind: EXPIRE_CHECKOUT });
    return null;
  }
  const now = deps.now();
  const done = await withTransaction(deps.db, async (trx): Promise<CompletedCheckout | null> => {
    // The conditional move takes the checkout's row lock; only when it did not move is there anything to look up.
    const checkout = await purchasePendingCheckout(trx, checkoutId, now);
    if (!checkout) {
      if (!(await findCheckout(trx, checkoutId))) throw new AppError('not-found', { resource: 'checkout' });
      return null;
    }
    const rows = await ordersOfCheckout(trx, checkoutId);
    const after = new Map<string, OrderRow>();
    for (const order of rows) {
      const steps = PROCESS_STEPS[order.process_name];
      if (order.payment_term === 'none') {
        const name = by.actor === 'operator' ? steps.operatorConfirmPayment : steps.confirmPayment;
        const def = findTransition(order.process_name, pendingPaymentState(order.process_name), name);
        if (!def || order.state !== def.from) continue;
        const moved = await moveOrder(trx, order, { transition: name, actor: by.actor, actorId: by.actorId, to: def.to, now, paymentStatus: 'succeeded' });
        if (moved) {
          after.set(moved.id, moved);
          await orderTransitioned(trx, moved, order.state, by.actor, { actorId: by.actorId });
          await armTimers(trx, moved, order.state, now, deps.timerDurations);
        }
      } else if (steps.requestDelayedPayment && isPaymentTerm(order.payment_term)) {
        const def = findTransition(order.process_name, 'initial', steps.requestDelayedPayment);
        if (!def || order.state !== 'initial') continue;
        const due = termDueDate(now, order.payment_term);
        const moved = await moveOrder(trx, order, { transition: def.name, actor: 'customer', actorId: order.buyer_id, to: def.to, now, paymentStatus: 'pending', paymentDueAt: due });
        if (moved) {
          after.set(moved.id, moved);
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
        cartLines: checkout.kind === 'cart' ? cartLinesOf(rows) : [],
      },
    });
    return { checkout, orders: rows.map((o) => after.get(o.id) ?? o) };
  }, 5);
  if (done) {
    deps.eventsWritten();
    await takeFromCart(deps, done.checkout, done.orders);
  }
  return done;
}

/**
 * A cart checkout's lines leave the buyer's cart before its answer (docs/decisions/074): the buyer's
 * next cart read, and a next checkout, must not hold what was just bought. Once per checkout in
 * the cart, however often asked; the checkout's event does the same when this call did not get
 * through (cart down, a crash before it), so a failure here is only logged.
 */
async function takeFromCart(deps: OrdersDeps, checkout: CheckoutRow, rows: readonly OrderRow[]): Promise<void> {
  if (checkout.kind !== 'cart') return;
  const lines = cartLinesOf(rows);
  if (lines.length === 0) return;
  try {
    await deps.cart.takeCheckoutLines({ checkoutId: checkout.id, buyerId: checkout.buyer_id, lines }, systemContext(`checkout:${checkout.id}`));
  } catch (err) {
    deps.logger.warn({ err, checkoutId: checkout.id }, 'cart lines not taken before the answer; the checkout event takes them');
  }
}

/** What each cart entry of a checkout's orders bought (the cart takes these quantities off). */
const cartLinesOf = (rows: readonly OrderRow[]) => rows.flatMap((o) => o.lines.filter((l) => l.cartEntryId).map((l) => ({ entryId: l.cartEntryId, quantity: l.quantity })));

/**
 * A cart checkout now waiting for the buyer's bank transfer: its lines leave the cart at once
 * (orders.checkout.placed), so the cart does not offer a second checkout of them while the transfer
 * is awaited; its purchase later finds them taken (docs/decisions/070). Only a bank transfer waits
 * so: a card's pending payment ends within minutes and a decline keeps the cart for another try.
 */
export async function checkoutPlaced(deps: OrdersDeps, checkout: CheckoutRow, rows: readonly OrderRow[]): Promise<void> {
  if (checkout.kind !== 'cart') return;
  const cartLines = cartLinesOf(rows);
  if (cartLines.length === 0) return;
  await withTransaction(deps.db, (trx) => enqueueEvent(trx, CheckoutPlaced, {
    aggregateId: checkout.id,
    data: { checkoutId: checkout.id, buyerId: checkout.buyer_id, orderIds: rows.map((o) => o.id), cartLines },
  }));
  deps.eventsWritten();
  await takeFromCart(deps, checkout, rows);
}
