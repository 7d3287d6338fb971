import { AppError, requireCaller, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { payoutTotals } from '../db/payouts';
import { requireId } from './access';
import type { PaymentsDeps } from './deps';

/**
 * A supplier's payout totals, counting only completed or paid-out orders: paid out = transfers sent,
 * pending = released by completion but not sent yet. Empty id = the calling supplier's own; another's
 * only to services and operators.
 */
export async function getPayoutTotals(deps: PaymentsDeps, ctx: CallContext, req: payments.GetPayoutTotalsRequest): Promise<payments.GetPayoutTotalsResponse> {
  const supplierId = req.supplierId ? requireId('supplierId', req.supplierId) : requireCaller(ctx).userId;
  if (ctx.caller && ctx.caller.userId !== supplierId && ctx.caller.role !== 'operator') throw new AppError('forbidden');
  return payoutTotals(deps.db, supplierId);
}
