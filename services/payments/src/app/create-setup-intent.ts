import { randomUUID } from 'node:crypto';
import { invalidParams, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { PAYMENT_MSG } from '../domain';
import { writerId } from './access';
import { ensureCustomer } from './customers';
import type { PaymentsDeps } from './deps';

/** A setup intent for saving a card or a BECS mandate; creates the caller's provider customer when missing. */
export async function createSetupIntent(deps: PaymentsDeps, ctx: CallContext, req: payments.CreateSetupIntentRequest): Promise<payments.CreateSetupIntentResponse> {
  const userId = writerId(ctx);
  const type = req.paymentMethodType || 'card';
  if (type !== 'card' && type !== 'au_becs_debit') throw invalidParams({ paymentMethodType: PAYMENT_MSG.paymentMethodTypeInvalid });
  const customerId = await ensureCustomer(deps, userId);
  const intent = await deps.provider.createSetupIntent({ customerId, type, idempotencyKey: `setup:${userId}:${randomUUID()}` });
  return { setupIntentId: intent.id, clientSecret: intent.clientSecret };
}
