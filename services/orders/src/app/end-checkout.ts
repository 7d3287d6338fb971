import { AppError, systemContext } from '@caskade/kit';
import { findCheckout } from '../db/checkouts';
import type { OrdersDeps } from './deps';
import { closeCheckout, type CheckoutEnd } from './close-checkout';
import { completeCheckout, EXPIRE_CHECKOUT } from './complete-checkout';
import { CLEARING_HOLD_MS, holdCheckoutStock } from './hold-stock';

export type { CheckoutEnd };

/**
 * End a checkout whose payment did not arrive: the payment is canceled first (a payment that
 * succeeded meanwhile completes the checkout instead — the money came, so the buyer gets the
 * goods), then the reserved stock is given back and the orders move to payment expired (timer) or
 * canceled payment (operator). Idempotent: each step is safe to repeat after a crash. A reservation
 * committed meanwhile (a payment that succeeded after the cancel looked, or nothing charged now) is
 * not given back: the checkout is completed instead ('completed', or 'unchanged' when another did).
 */
export async function endCheckout(
  deps: OrdersDeps, checkoutId: string, end: CheckoutEnd, by: { actor: 'system' | 'operator'; actorId: string }, opts: { onlyIfDue?: boolean } = {},
): Promise<'ended' | 'completed' | 'unchanged'> {
  const checkout = await findCheckout(deps.db, checkoutId);
  if (!checkout) throw new AppError('not-found', { resource: 'checkout' });
  if (checkout.state !== 'pending') return 'unchanged';
  // The expiry timer, read as the payment was retried by bank transfer: its window moved on, so it is not due (ADR 079).
  if (opts.onlyIfDue && checkout.expires_at && new Date(checkout.expires_at).getTime() > deps.now().getTime()) return 'unchanged';
  const ctx = systemContext(`checkout:${checkoutId}`);
  if (checkout.charge_now_cents > 0) {
    const status = await cancelOrRead(deps, checkoutId);
    if (status === 'succeeded') return (await completeCheckout(deps, checkoutId)) ? 'completed' : 'unchanged';
    if (status === 'processing') {
      // A direct debit in flight cannot be canceled: wait for its outcome (the payment event ends it),
      // its stock held on meanwhile — the timer looks again in 30 s and holds it a day on each time,
      // so a debit that takes days (Stripe BECS) still finds its stock when it clears.
      if (end === 'expired') {
        await holdCheckoutStock(deps, checkoutId, CLEARING_HOLD_MS).catch((err: unknown) => deps.logger.warn({ err, checkoutId }, 'stock of a clearing debit not held on'));
        return 'unchanged';
      }
      throw new AppError('transaction-invalid-transition', { reason: 'payment-processing' });
    }
  }
  try {
    await deps.catalog.releaseReservation({ reservationId: checkoutId }, ctx);
  } catch (err) {
    // Committed: a reservation is committed only once completing the checkout was allowed (the
    // payment succeeded after the cancel above looked, or nothing is charged now) — so the order
    // stands and its stock stays taken (docs/decisions/079). Completed here too, should the one
    // completing it have died after the commit (idempotent: one of them moves it).
    if (err instanceof AppError && err.code === 'transaction-invalid-transition') return (await completeCheckout(deps, checkoutId)) ? 'completed' : 'unchanged';
    if (!(err instanceof AppError && err.code === 'not-found')) throw err;
  }
  // Never paid: nothing to pay out.
  return (await closeCheckout(deps, checkoutId, end, by, { paymentStatus: 'canceled', timerKind: EXPIRE_CHECKOUT })) ? 'ended' : 'unchanged';
}

/** Cancel the checkout's payment; answers its status afterwards ('' when no payment was ever made). */
async function cancelOrRead(deps: OrdersDeps, paymentId: string): Promise<string> {
  const ctx = systemContext(`checkout:${paymentId}`);
  try {
    const out = await deps.payments.cancelPayment({ paymentId }, ctx);
    return out.payment?.status ?? '';
  } catch (err) {
    if (err instanceof AppError && err.code === 'not-found') return '';
    if (err instanceof AppError && err.code === 'transaction-invalid-transition') {
      const out = await deps.payments.getPayment({ paymentId }, ctx);
      return out.payment?.status ?? '';
    }
    throw err;
  }
}
