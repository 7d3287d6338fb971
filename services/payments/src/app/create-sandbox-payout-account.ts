import { randomBytes } from 'node:crypto';
import type { CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { AppError } from '@caskade/kit';
import { insertPayoutAccountUnlessPresent } from '../db/payout-accounts';
import { requireId, requireSandbox } from './access';
import type { PaymentsDeps } from './deps';
import { toPayoutAccount } from './payout-accounts';

/** Sandbox (and seeding): gives a supplier an `acct_sandbox_…` account able to receive transfers; idempotent. */
export async function createSandboxPayoutAccount(deps: PaymentsDeps, ctx: CallContext, req: payments.CreateSandboxPayoutAccountRequest): Promise<payments.CreateSandboxPayoutAccountResponse> {
  requireSandbox(deps);
  const supplierId = requireId('supplierId', req.supplierId);
  if (ctx.caller && ctx.caller.userId !== supplierId && ctx.caller.role !== 'operator') throw new AppError('forbidden');
  const row = await insertPayoutAccountUnlessPresent(deps.db, {
    supplier_id: supplierId, account_id: `acct_sandbox_${randomBytes(8).toString('hex')}`, provider: 'sandbox', charges_enabled: true, payouts_enabled: true,
  });
  return { account: toPayoutAccount(row) };
}
