import { AppError, fieldErrors, invalidParams, isUuid, requireCaller, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { changeSchedule, findStandingOrder } from '../db/standing-orders';
import { applyChange, STANDING_ORDER_MSG, standingOrderChange } from '../domain/standing-orders';
import type { OrdersDeps } from './deps';
import { standingOrderView } from './standing-order-view';

/**
 * The buyer changes its standing order: the interval, pause or resume, skip the next run, another
 * saved method. A conditional update on its version: a run or another change in between answers
 * transaction-invalid-transition and changes nothing (the buyer sees the order as it is now).
 */
export async function updateStandingOrder(deps: OrdersDeps, ctx: CallContext, req: orders.UpdateStandingOrderRequest): Promise<orders.UpdateStandingOrderResponse> {
  const caller = requireCaller(ctx);
  const change = standingOrderChange.safeParse({
    intervalWeeks: req.intervalWeeks, paused: req.paused, skipNext: req.skipNext ? true : undefined, paymentMethodId: req.paymentMethodId,
  });
  if (!change.success) throw invalidParams(fieldErrors(change.error));
  const row = isUuid(req.id) ? await findStandingOrder(deps.db, req.id, caller.userId) : undefined;
  if (!row) throw new AppError('not-found', { resource: 'standing-order' });
  const paymentMethodId = change.data.paymentMethodId ?? row.payment_method_id;
  if (change.data.paymentMethodId !== undefined) {
    const methods = (await deps.payments.listPaymentMethods({}, ctx)).methods;
    if (!methods.some((m) => m.id === paymentMethodId && !m.expired)) throw invalidParams({ paymentMethodId: STANDING_ORDER_MSG.paymentMethodRequired });
  }
  const next = applyChange({ intervalWeeks: row.interval_weeks, paused: row.paused, nextRunAt: row.next_run_at }, change.data, deps.now());
  const updated = await changeSchedule(deps.db, row, { ...next, paymentMethodId });
  if (!updated) throw new AppError('transaction-invalid-transition', { reason: 'the standing order changed meanwhile' });
  return { standingOrder: standingOrderView(updated) };
}
