import { AppError, requireCaller, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { findPayoutAccount } from '../db/payout-accounts';
import { requireId } from './access';
import type { PaymentsDeps } from './deps';
import { toPayoutAccount } from './payout-accounts';

/** A supplier's payout account: empty id = the calling supplier's own; another's only to services and operators. */
export async function getPayoutAccount(deps: PaymentsDeps, ctx: CallContext, req: payments.GetPayoutAccountRequest): Promise<payments.GetPayoutAccountResponse> {
  const supplierId = req.supplierId ? requireId('supplierId', req.supplierId) : requireCaller(ctx).userId;
  if (ctx.caller && ctx.caller.userId !== supplierId && ctx.caller.role !== 'operator') throw new AppError('forbidden');
  const row = await findPayoutAccount(deps.db, supplierId);
  return { account: row ? toPayoutAccount(row) : undefined };
}
