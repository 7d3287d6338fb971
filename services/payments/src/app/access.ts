/** Who may act on payments: services (no caller), the buyer themself, operators where said. */
import { AppError, LIMITED_ACCESS_REASON, LIMITED_SCOPE, requireCaller, type CallContext } from '@caskade/kit';
import { invalidParams } from '@caskade/kit';
import { PAYMENT_MSG, validId } from '../domain';
import type { PaymentsDeps } from './deps';
import type { SandboxProvider } from '../adapters/sandbox';
import { findPayment, type PaymentRow } from '../db/payments';

/** A service call (orders, the gateway's webhook route) carries no caller; a signed-in call must be the buyer's own. */
export function assertServiceOrBuyer(ctx: CallContext, buyerId: string): void {
  if (ctx.caller && ctx.caller.userId !== buyerId) throw new AppError('forbidden');
}

/** Services and operators only. */
export function assertServiceOrOperator(ctx: CallContext): void {
  if (ctx.caller && ctx.caller.role !== 'operator') throw new AppError('forbidden');
}

/** The signed-in user's id (their own payment methods). */
export const callerId = (ctx: CallContext): string => requireCaller(ctx).userId;

/**
 * The signed-in user's id, to change their payment methods: a limited-access login may look, not
 * change them — as with addresses, the cart and checkout (docs/decisions/014).
 */
export function writerId(ctx: CallContext): string {
  const caller = requireCaller(ctx);
  if (caller.scopes.includes(LIMITED_SCOPE)) throw new AppError('forbidden', { reason: LIMITED_ACCESS_REASON });
  return caller.userId;
}

export function requireId(field: string, id: string): string {
  if (id.length === 0) throw invalidParams({ [field]: PAYMENT_MSG.idRequired });
  if (!validId(id)) throw invalidParams({ [field]: PAYMENT_MSG.idInvalid });
  return id;
}

/** The payment as its buyer or a service sees it; anyone else is told it does not exist. */
export async function visiblePayment(deps: PaymentsDeps, ctx: CallContext, paymentId: string): Promise<PaymentRow> {
  const row = await findPayment(deps.db, requireId('paymentId', paymentId));
  if (!row || (ctx.caller && ctx.caller.userId !== row.buyer_id && ctx.caller.role !== 'operator')) throw new AppError('not-found');
  return row;
}

/** Sandbox-only calls answer forbidden while Stripe is the provider. */
export function requireSandbox(deps: PaymentsDeps): SandboxProvider {
  if (!deps.sandbox) throw new AppError('forbidden', { reason: 'sandbox-only: the Stripe provider is configured' });
  return deps.sandbox;
}
