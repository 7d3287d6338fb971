import { AppError, isUuid, requireCaller, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { findCheckout } from '../db/checkouts';
import type { OrdersDeps } from './deps';
import { loadCheckoutView } from './checkout-saga';

/** The buyer's own checkout (anyone else: not found, so ids cannot be probed). */
export async function getCheckout(deps: OrdersDeps, ctx: CallContext, req: orders.GetCheckoutRequest): Promise<orders.GetCheckoutResponse> {
  const caller = requireCaller(ctx);
  if (!isUuid(req.id)) throw new AppError('not-found', { resource: 'checkout' });
  const row = await findCheckout(deps.db, req.id);
  if (!row || row.buyer_id !== caller.userId) throw new AppError('not-found', { resource: 'checkout' });
  return { checkout: await loadCheckoutView(deps, row) };
}
