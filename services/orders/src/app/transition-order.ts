import { AppError, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { findCheckout } from '../db/checkouts';
import { ORDER_MSG } from '../domain/messages';
import { PROCESS_STEPS, transitionFor } from '../domain/processes';
import { PAY_NOW } from '../domain/terms';
import { callerActions, confirmable, isRunnable } from './caller-actions';
import { payTermOrderNow } from './charge-term-order';
import type { OrdersDeps } from './deps';
import { completeCheckout } from './complete-checkout';
import { endCheckout } from './end-checkout';
import { getOrder } from './get-order';
import { orderForCaller } from './order-access';
import { markBankTransferReceived } from './mark-bank-transfer';
import { runTransition } from './run-transition';

export async function transitionOrder(deps: OrdersDeps, ctx: CallContext, req: orders.TransitionOrderRequest): Promise<orders.TransitionOrderResponse> {
  const { row, viewer } = await orderForCaller(deps, ctx, req.id);
  if (req.transition === PAY_NOW && viewer === 'customer') {
    await payTermOrderNow(deps, ctx, row, parseParams(req.paramsJson));
    return getOrder(deps, ctx, { id: row.id });
  }
  const def = transitionFor(row.process_name, row.state, req.transition, viewer);
  if (!def || !isRunnable(def.name, def) || !confirmable(row, def.name)) {
    throw new AppError('transaction-invalid-transition', { transition: req.transition, state: row.state, allowed: callerActions(row, viewer) });
  }
  const steps = PROCESS_STEPS[row.process_name];
  const actorId = ctx.caller?.userId ?? '';
  const by = { actor: 'operator' as const, actorId };
  // Waiting for its payment, an order has its checkout (an enquiry gets one when it is paid for).
  const checkoutId = row.checkout_id ?? '';
  if (def.name === steps.operatorConfirmPayment) {
    await markBankTransferReceived(deps, checkoutId);
    // The payment's own event may complete the checkout first (as the system): that is the same outcome.
    if (!(await completeCheckout(deps, checkoutId, by))) await refuseUnless(deps, checkoutId, 'purchased', req.transition);
  } else if (def.name === steps.operatorCancelPayment) {
    const ended = await endCheckout(deps, checkoutId, 'canceled', by);
    if (ended !== 'ended') await refuseUnless(deps, checkoutId, 'canceled', req.transition);
  } else {
    await runTransition(deps, row, { def, actor: viewer, actorId, params: parseParams(req.paramsJson) });
  }
  return getOrder(deps, ctx, { id: row.id });
}

/**
 * The operator's confirm or cancel did not move the checkout: fine when it already ended as asked
 * (another party did the same), refused otherwise — with why: still moving (a transit in progress),
 * or ended the other way (confirmed after it expired, say: its payment is refunded), as the
 * checkout's state.
 */
async function refuseUnless(deps: OrdersDeps, checkoutId: string, wanted: 'purchased' | 'canceled', transition: string): Promise<void> {
  const state = (await findCheckout(deps.db, checkoutId))?.state ?? '';
  if (state === wanted) return;
  if (state === 'pending') throw new AppError('transaction-invalid-transition', { reason: ORDER_MSG.pendingTransit, transition });
  throw new AppError('transaction-invalid-transition', { reason: ORDER_MSG.checkoutEnded, checkout: state, transition });
}

function parseParams(json: string): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
