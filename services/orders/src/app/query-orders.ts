import { AppError, invalidParams, requireCaller, requireRole, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { queryOrders as query, type OrderQuery } from '../db/orders';
import { ORDERS_PAGE_SIZE } from '../domain/terms';
import { ORDER_STATE_GROUPS, statesOfGroup, type OrderStateGroup } from '../domain/after-purchase';
import type { OrdersDeps } from './deps';
import { callerActions } from './caller-actions';
import { orderView } from './views';

const MAX_PER_PAGE = 100;

function paging(req: { page: number; perPage: number }): { page: number; perPage: number } {
  const page = req.page || 1;
  const perPage = req.perPage || ORDERS_PAGE_SIZE;
  if (page < 1 || page > 10_000) throw invalidParams({ page: 'validation.invalidValue' });
  if (perPage < 1 || perPage > MAX_PER_PAGE) throw invalidParams({ perPage: 'validation.invalidValue' });
  return { page, perPage };
}

async function run(deps: OrdersDeps, q: OrderQuery, viewer: 'customer' | 'provider' | 'operator'): Promise<orders.QueryOrdersResponse> {
  const { rows, total } = await query(deps.db, q);
  return {
    orders: rows.map((r) => ({ ...orderView(r, { viewer }), allowedTransitions: callerActions(r, viewer) })),
    pagination: { page: q.page, perPage: q.perPage, totalItems: total, totalPages: Math.ceil(total / q.perPage) },
  };
}

const clean = (s: string) => s.trim().slice(0, 100);

/** The state filter: a group (`delivered` = every process's delivered state) or one exact state. */
function statesOf(state: string): string[] | undefined {
  const s = clean(state);
  if (!s) return undefined;
  return (ORDER_STATE_GROUPS as readonly string[]).includes(s) ? statesOfGroup(s as OrderStateGroup) : [s];
}

/** The buyer's orders (only=order) or the supplier's sales (only=sale). */
export async function queryOrders(deps: OrdersDeps, ctx: CallContext, req: orders.QueryOrdersRequest): Promise<orders.QueryOrdersResponse> {
  const caller = requireCaller(ctx);
  if (req.only !== 'order' && req.only !== 'sale') throw invalidParams({ only: 'validation.invalidValue' });
  if (req.only === 'order' && caller.role !== 'buyer') throw new AppError('forbidden', { reason: 'buyers only' });
  if (req.only === 'sale' && caller.role !== 'supplier') throw new AppError('forbidden', { reason: 'suppliers only' });
  const party = req.only === 'order' ? { column: 'buyer_id' as const, id: caller.userId } : { column: 'supplier_id' as const, id: caller.userId };
  return run(deps, { party, states: statesOf(req.state), search: clean(req.search), ...paging(req) }, req.only === 'order' ? 'customer' : 'provider');
}

export async function operatorQueryOrders(deps: OrdersDeps, ctx: CallContext, req: orders.OperatorQueryOrdersRequest): Promise<orders.OperatorQueryOrdersResponse> {
  requireRole(ctx, 'operator');
  return run(deps, { states: statesOf(req.state), search: clean(req.search), awaitingBankTransfer: req.awaitingBankTransfer, ...paging(req) }, 'operator');
}
