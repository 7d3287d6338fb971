import { invalidParams, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { checkBecs, checkCard, PAYMENT_MSG } from '../domain';
import { requireSandbox, writerId } from './access';
import type { PaymentsDeps } from './deps';

/**
 * Sandbox only — what Stripe.js does in the browser: card or BECS details in (checked: Luhn, expiry,
 * CVC, BSB, mandate), a `pm_sandbox_…` id out. Only brand, last four, expiry and behaviour are kept.
 */
export async function createSandboxPaymentMethod(deps: PaymentsDeps, ctx: CallContext, req: payments.CreateSandboxPaymentMethodRequest): Promise<payments.CreateSandboxPaymentMethodResponse> {
  const sandbox = requireSandbox(deps);
  // A limited-access login saves no method, so it makes none (as with attach and setup intents).
  writerId(ctx);
  const details = req.details;
  if (!details) throw invalidParams({ details: PAYMENT_MSG.detailsRequired });
  const checked = details.$case === 'card' ? checkCard(details.value, deps.now()) : checkBecs(details.value);
  if (!checked.ok) throw invalidParams(checked.fields);
  return { paymentMethodId: await sandbox.createMethod(checked.summary) };
}
