import { isUuid, TransientError, type SubscribeOptions } from '@caskade/kit';
import { findCheckout } from '../db/checkouts';
import { setOrderPaymentStatus, setPaymentStatus } from '../db/orders';
import { termPaymentStatus } from '../domain/terms';
import type { OrdersDeps } from '../app/deps';
import { completeCheckout } from '../app/complete-checkout';
import { refundEndedCheckout, refundLateTermCharge } from '../app/late-payments';
import { PaymentStatusConsumer } from './registry';

/** How long a checkout request may still be running after its payment's event arrives. */
const IN_FLIGHT_MS = 5_000;

/**
 * A checkout's payment changed (an authenticated card, a direct debit that cleared or failed, a
 * webhook): a success completes the checkout; anything else is shown on its orders. Completing is
 * itself idempotent (a conditional update), so a redelivered event changes nothing. A success for
 * a checkout or term order that had already ended is refunded in full (late-payments.ts).
 */
export function paymentStatusConsumer(deps: OrdersDeps): SubscribeOptions {
  return PaymentStatusConsumer.handle(async (event) => {
    const { paymentId, status, methodType } = event.data;
    const checkout = await findCheckout(deps.db, paymentId).catch(() => undefined);
    if (!checkout) {
      // A term order's charge (payment id = order id): its payment status follows; a charge that
      // succeeded on an order canceled meanwhile goes back to the buyer.
      if (status === 'succeeded' && isUuid(paymentId) && (await refundLateTermCharge(deps, paymentId))) return;
      if (status === 'succeeded' || status === 'requires_payment_method' || status === 'processing') await setOrderPaymentStatus(deps.db, paymentId, termPaymentStatus(status)).catch(() => undefined);
      return;
    }
    if (checkout.state !== 'pending') {
      // Paid after the checkout ended (the operator canceled it mid-saga, a challenge finished after expiry): refunded.
      if (status === 'succeeded' && checkout.state !== 'purchased') await refundEndedCheckout(deps, checkout.id);
      return;
    }
    // The checkout request that made the payment is still running and completes it itself: look
    // again in a moment (then it is purchased, or the request died and this event carries it on).
    if (checkout.answer === null && deps.now().getTime() - new Date(checkout.created_at).getTime() < IN_FLIGHT_MS) {
      throw new TransientError('checkout request still running', 1000);
    }
    // A bank transfer is confirmed by the operator's transition, which completes the checkout itself
    // (its activity names the operator); should that request die half-way, the expiry timer finds the
    // payment succeeded and completes it.
    if (status === 'succeeded' && methodType !== 'bank_transfer') await completeCheckout(deps, checkout.id);
    else if (status === 'succeeded') return;
    else await setPaymentStatus(deps.db, checkout.id, status);
  });
}
