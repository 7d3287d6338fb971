import { AppError, withTransaction, type CallContext } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { neverChargeAgain, sandboxChallengeOutcome } from '../domain';
import { lockPayment } from '../db/payments';
import { requireSandbox, visiblePayment } from './access';
import type { PaymentsDeps } from './deps';
import { changeStatus } from './status-change';
import { toPayment } from './views';

/**
 * Sandbox only: the local challenge page's answer for a payment that requires authentication —
 * authenticated → succeeded, else requires_payment_method (payment_intent_authentication_failure).
 * A payment already past the challenge is answered unchanged.
 */
export async function completeSandboxChallenge(deps: PaymentsDeps, ctx: CallContext, req: payments.CompleteSandboxChallengeRequest): Promise<payments.CompleteSandboxChallengeResponse> {
  requireSandbox(deps);
  const current = await visiblePayment(deps, ctx, req.paymentId);
  let changed = false;
  const row = await withTransaction(deps.db, async (trx) => {
    const locked = await lockPayment(trx, current.id);
    if (!locked) throw new AppError('not-found');
    if (locked.status !== 'requires_action') {
      if (neverChargeAgain(locked.status)) return locked;
      throw new AppError('transaction-invalid-transition', { from: locked.status, to: 'authenticated' });
    }
    const outcome = sandboxChallengeOutcome(req.authenticated);
    const updated = await changeStatus(deps, trx, locked, outcome.status, 'authenticate', {
      next_action_url: '', failure_code: outcome.failureCode ?? '', failure_message: outcome.failureMessage ?? '',
    });
    changed = true;
    return updated ?? locked;
  });
  if (changed) {
    deps.eventsWritten();
    if (row.status === 'succeeded') deps.wake.transfers();
  }
  return { payment: toPayment(row, deps.bank) };
}
