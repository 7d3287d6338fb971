import { AppError, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { findCheckout } from '../db/checkouts';
import { ORDER_MSG } from '../domain/messages';
import { PROCESS_STEPS, transitionFor } from '../domain/processes';
import type { OrdersDeps } from './deps';
import { completeCheckout } from './complete-checkout';
import { endCheckout } from './end-checkout';
import { getOrder } from './get-order';
import { orderForCaller } from './order-access';
import { markBankTransferReceived } from './mark-bank-transfer';

/**
 * The transitions the server runs today, with their side effects: the operator confirms a bank
 * transfer (the checkout's payment, so every order of it) or cancels it (stock given back). The
 * process tables hold every transition; the ones after purchase (delivery, receipt, disputes,
 * cancellation with restock and refund) arrive with the orders-after-purchase work, and until
 * then the API does not offer them.
 */
const RUNNABLE = new Set<string>(Object.values(PROCESS_STEPS).flatMap((s) => [s.operatorConfirmPayment, s.operatorCancelPayment]));

export const runnableTransitions = (names: readonly string[]): string[] => names.filter((n) => RUNNABLE.has(n));

export async function transitionOrder(deps: OrdersDeps, ctx: CallContext, req: orders.TransitionOrderRequest): Promise<orders.TransitionOrderResponse> {
  const { row, viewer } = await orderForCaller(deps, ctx, req.id);
  const def = transitionFor(row.process_name, row.state, req.transition, viewer);
  if (!def || !RUNNABLE.has(def.name)) {
    throw new AppError('transaction-invalid-transition', { transition: req.transition, state: row.state, allowed: runnableTransitions([]) });
  }
  const steps = PROCESS_STEPS[row.process_name];
  const by = { actor: 'operator' as const, actorId: ctx.caller?.userId ?? '' };
  if (def.name === steps.operatorConfirmPayment) {
    await markBankTransferReceived(deps, row.checkout_id);
    // The payment's own event may complete the checkout first (as the system): that is the same outcome.
    if (!(await completeCheckout(deps, row.checkout_id, by)) && (await findCheckout(deps.db, row.checkout_id))?.state !== 'purchased') {
      throw new AppError('transaction-invalid-transition', { reason: ORDER_MSG.pendingTransit });
    }
  } else if (def.name === steps.operatorCancelPayment) {
    const ended = await endCheckout(deps, row.checkout_id, 'canceled', by);
    if (ended !== 'ended') throw new AppError('transaction-invalid-transition', { reason: ORDER_MSG.pendingTransit });
  }
  return getOrder(deps, ctx, { id: row.id });
}
