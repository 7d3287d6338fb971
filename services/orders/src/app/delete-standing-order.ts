import { AppError, isUuid, requireCaller, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { deleteStandingOrder as deleteRow } from '../db/standing-orders';
import type { OrdersDeps } from './deps';

/** The buyer ends its standing order: no further runs or notices (orders already placed stay). */
export async function deleteStandingOrder(deps: OrdersDeps, ctx: CallContext, req: orders.DeleteStandingOrderRequest): Promise<orders.DeleteStandingOrderResponse> {
  const caller = requireCaller(ctx);
  if (!isUuid(req.id) || !(await deleteRow(deps.db, req.id, caller.userId))) throw new AppError('not-found', { resource: 'standing-order' });
  return {};
}
