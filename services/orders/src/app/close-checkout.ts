import { withTransaction } from '@caskade/kit';
import { lockCheckout, moveCheckout } from '../db/checkouts';
import { moveOrder, ordersOfCheckout } from '../db/orders';
import { cancelTimer } from '../db/timers';
import { PROCESS_STEPS, findTransition, pendingPaymentState } from '../domain/processes';
import type { OrdersDeps } from './deps';
import { orderTransitioned } from './order-events';

export type CheckoutEnd = 'expired' | 'canceled';

/**
 * The last step of ending a checkout that will not be purchased: in one transaction the checkout
 * moves pending → expired (timer) or canceled (operator), each order waiting for its payment moves
 * by the process's expire or operator-cancel step with the given payment status and no payout, and
 * the expiry timer is canceled. False when the checkout was no longer pending (another party ended
 * or completed it first).
 */
export async function closeCheckout(
  deps: OrdersDeps, checkoutId: string, end: CheckoutEnd, by: { actor: 'system' | 'operator'; actorId: string },
  opts: { paymentStatus: 'canceled' | 'refunded'; timerKind: string },
): Promise<boolean> {
  const now = deps.now();
  const ended = await withTransaction(deps.db, async (trx) => {
    await lockCheckout(trx, checkoutId);
    if (!(await moveCheckout(trx, checkoutId, ['pending'], end === 'expired' ? 'expired' : 'canceled', now))) return false;
    for (const order of await ordersOfCheckout(trx, checkoutId)) {
      const steps = PROCESS_STEPS[order.process_name];
      const name = end === 'expired' ? steps.expirePayment : steps.operatorCancelPayment;
      const def = findTransition(order.process_name, pendingPaymentState(order.process_name), name);
      if (!def || order.state !== def.from) continue;
      const moved = await moveOrder(trx, order, { transition: name, actor: by.actor, actorId: by.actorId, to: def.to, now, paymentStatus: opts.paymentStatus, payoutStatus: 'none' });
      if (moved) await orderTransitioned(trx, moved, order.state, by.actor);
    }
    await cancelTimer(trx, opts.timerKind, checkoutId, now);
    return true;
  }, 5);
  if (ended) deps.eventsWritten();
  return ended;
}
