import { AppError, isUuid, requireCaller, type CallContext } from '@caskade/kit';
import { findOrder, type OrderRow } from '../db/orders';
import type { Actor } from '../domain/processes';
import type { OrdersDeps } from './deps';

/**
 * The order and the caller's role in it: its buyer (customer), its supplier (provider) or the
 * operator. Anyone else gets not-found, so order ids cannot be probed.
 */
export async function orderForCaller(deps: OrdersDeps, ctx: CallContext, id: string): Promise<{ row: OrderRow; viewer: Actor }> {
  const caller = requireCaller(ctx);
  if (!isUuid(id)) throw new AppError('not-found', { resource: 'order' });
  const row = await findOrder(deps.db, id);
  if (!row || row.state === 'initial') throw new AppError('not-found', { resource: 'order' });
  if (row.buyer_id === caller.userId) return { row, viewer: 'customer' };
  if (row.supplier_id === caller.userId) return { row, viewer: 'provider' };
  if (caller.role === 'operator') return { row, viewer: 'operator' };
  throw new AppError('not-found', { resource: 'order' });
}
