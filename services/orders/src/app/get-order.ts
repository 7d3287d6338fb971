import type { CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { findCheckout } from '../db/checkouts';
import { transitionsOf } from '../db/orders';
import type { OrdersDeps } from './deps';
import { orderForCaller } from './order-access';
import { callerActions } from './caller-actions';
import { orderView } from './views';

/** One order with the caller's allowed transitions and the activity. */
export async function getOrder(deps: OrdersDeps, ctx: CallContext, req: orders.GetOrderRequest): Promise<orders.GetOrderResponse> {
  const { row, viewer } = await orderForCaller(deps, ctx, req.id);
  const [activity, checkout] = await Promise.all([transitionsOf(deps.db, row.id), row.checkout_id ? findCheckout(deps.db, row.checkout_id) : Promise.resolve(undefined)]);
  const view = orderView(row, { viewer, activity, expiresAt: checkout?.state === 'pending' ? checkout.expires_at : null });
  view.allowedTransitions = callerActions(row, viewer);
  view.paymentMethodType = checkout?.payment_method_type ?? '';
  return { order: view };
}
