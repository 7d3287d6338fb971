import { invalidParams, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { PAYMENT_MSG, validId } from '../domain';
import { suppliersWithEnabledAccounts } from '../db/payout-accounts';
import { assertServiceOrOperator } from './access';
import type { PaymentsDeps } from './deps';

/** The given suppliers without an account able to receive transfers (checkout answers transaction-missing-stripe-account for them). */
export async function findMissingPayoutAccounts(deps: PaymentsDeps, ctx: CallContext, req: payments.FindMissingPayoutAccountsRequest): Promise<payments.FindMissingPayoutAccountsResponse> {
  assertServiceOrOperator(ctx);
  if (req.supplierIds.length > 500) throw invalidParams({ supplierIds: 'validation.tooMany' });
  const bad = req.supplierIds.findIndex((id) => !validId(id));
  if (bad >= 0) throw invalidParams({ [`supplierIds.${bad}`]: PAYMENT_MSG.idInvalid });
  const unique = [...new Set(req.supplierIds)];
  const enabled = await suppliersWithEnabledAccounts(deps.db, unique);
  return { supplierIds: unique.filter((id) => !enabled.has(id)) };
}
