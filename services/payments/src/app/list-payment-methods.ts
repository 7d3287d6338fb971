import type { CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { listMethods } from '../db/payment-methods';
import { callerId } from './access';
import type { PaymentsDeps } from './deps';
import { toPaymentMethod } from './views';

/** The caller's saved methods, default first; cards past their month say `expired`. */
export async function listPaymentMethods(deps: PaymentsDeps, ctx: CallContext): Promise<payments.ListPaymentMethodsResponse> {
  const rows = await listMethods(deps.db, callerId(ctx));
  const now = deps.now();
  return { methods: rows.map((r) => toPaymentMethod(r, now)) };
}
