import type { payments } from '@caskade/proto';
import type { PayoutAccountRow } from '../db/payout-accounts';

export const toPayoutAccount = (row: PayoutAccountRow): payments.PayoutAccount => ({
  supplierId: row.supplier_id,
  accountId: row.account_id,
  chargesEnabled: row.charges_enabled,
  payoutsEnabled: row.payouts_enabled,
});
