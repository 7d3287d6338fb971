import { randomUUID } from 'node:crypto';
import { AppError, fieldErrors, invalidParams, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { insertStandingOrder } from '../db/standing-orders';
import { afterWeeks, mayRepeatOrder, STANDING_ORDER_MSG, standingOrderInput } from '../domain/standing-orders';
import type { OrdersDeps } from './deps';
import { orderForCaller } from './order-access';
import { standingOrderView } from './standing-order-view';

/**
 * The order's buyer repeats it every 1–8 weeks on one of its saved payment methods; the first run
 * is one interval from now. The method must be the buyer's own (payments answers only those). An
 * order repeats under one standing order at most (a unique index decides, also between two
 * requests at once): a second is refused with orderId standingOrder.alreadyRepeated.
 */
export async function createStandingOrder(deps: OrdersDeps, ctx: CallContext, req: orders.CreateStandingOrderRequest): Promise<orders.CreateStandingOrderResponse> {
  const input = standingOrderInput.safeParse({ orderId: req.orderId, intervalWeeks: req.intervalWeeks, paymentMethodId: req.paymentMethodId });
  if (!input.success) throw invalidParams(fieldErrors(input.error));
  const { row, viewer } = await orderForCaller(deps, ctx, input.data.orderId);
  if (viewer !== 'customer') throw new AppError('forbidden', { reason: 'only the order’s buyer repeats it' });
  if (!mayRepeatOrder(row.state)) throw invalidParams({ orderId: STANDING_ORDER_MSG.orderNotPlaced });
  const methods = (await deps.payments.listPaymentMethods({}, ctx)).methods;
  if (!methods.some((m) => m.id === input.data.paymentMethodId && !m.expired)) throw invalidParams({ paymentMethodId: STANDING_ORDER_MSG.paymentMethodRequired });
  const now = deps.now();
  const created = await insertStandingOrder(deps.db, {
    id: randomUUID(), buyerId: row.buyer_id, sourceOrderId: row.id, supplierId: row.supplier_id, supplierName: row.supplier_name, lines: row.lines,
    paymentMethodId: input.data.paymentMethodId, intervalWeeks: input.data.intervalWeeks, nextRunAt: afterWeeks(now, input.data.intervalWeeks), now,
  });
  if (!created) throw invalidParams({ orderId: STANDING_ORDER_MSG.alreadyRepeated });
  return { standingOrder: standingOrderView(created) };
}
