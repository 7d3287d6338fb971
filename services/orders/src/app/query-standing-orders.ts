import { requireCaller, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { standingOrdersOf } from '../db/standing-orders';
import type { OrdersDeps } from './deps';
import { standingOrderView } from './standing-order-view';

/** The caller's standing orders, newest first. */
export async function queryStandingOrders(deps: OrdersDeps, ctx: CallContext, _req: orders.QueryStandingOrdersRequest): Promise<orders.QueryStandingOrdersResponse> {
  const caller = requireCaller(ctx);
  return { standingOrders: (await standingOrdersOf(deps.db, caller.userId)).map(standingOrderView) };
}
