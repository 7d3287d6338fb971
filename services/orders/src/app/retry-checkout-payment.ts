import { AppError, invalidParams, isUuid, systemContext, withTransaction, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { findCheckout, moveCheckout } from '../db/checkouts';
import { scheduleTimer } from '../db/timers';
import { ordersOfCheckout, setPaymentStatus } from '../db/orders';
import { ORDER_MSG } from '../domain/messages';
import type { OrdersDeps } from './deps';
import { loadCheckoutView, requireBuyer } from './checkout-saga';
import { checkoutPlaced, completeCheckout, EXPIRE_CHECKOUT } from './complete-checkout';
import { holdCheckoutStock, RESERVATION_MARGIN_MS } from './hold-stock';

/** A declined payment, paid again with another method while the checkout still holds its stock. */
export async function retryCheckoutPayment(deps: OrdersDeps, ctx: CallContext, req: orders.RetryCheckoutPaymentRequest): Promise<orders.RetryCheckoutPaymentResponse> {
  const buyer = requireBuyer(ctx);
  if (!isUuid(req.id)) throw new AppError('not-found', { resource: 'checkout' });
  const row = await findCheckout(deps.db, req.id);
  if (!row || row.buyer_id !== buyer.userId) throw new AppError('not-found', { resource: 'checkout' });
  if (row.state !== 'pending' || row.charge_now_cents === 0) throw new AppError('transaction-invalid-transition', { checkout: row.state });
  // Its window is over (the expiry timer is ending it): too late to pay again.
  if (row.expires_at && new Date(row.expires_at).getTime() <= deps.now().getTime()) throw new AppError('transaction-invalid-transition', { checkout: 'expired' });
  const choice = req.payment ?? { paymentMethodId: '', bankTransfer: false };
  if (!choice.paymentMethodId && !choice.bankTransfer) throw invalidParams({ paymentMethodId: 'validation.required' });
  // A bank transfer is awaited for its own window, not the card's minutes: the stock is held that
  // long first (a checkout whose stock is gone is refused here, with nothing changed).
  if (choice.bankTransfer) await holdCheckoutStock(deps, row.id, deps.windows.bankTransferMs + RESERVATION_MARGIN_MS);
  const out = await deps.payments.retryPayment({ paymentId: row.id, paymentMethodId: choice.paymentMethodId, bankTransfer: choice.bankTransfer }, systemContext(`checkout:${row.id}`));
  const status = out.payment?.status ?? '';
  if (status === 'succeeded') await completeCheckout(deps, row.id);
  else await setPaymentStatus(deps.db, row.id, status);
  // Paying by bank transfer now: the checkout ends when the transfer's window does (as a checkout
  // begun by bank transfer), and the order waits for it, so its lines leave the cart (ADR 070).
  const awaiting = status === 'awaiting_transfer' && (await awaitTransfer(deps, row.id, out.payment?.methodType ?? 'bank_transfer'));
  // Only a checkout still waiting for the transfer takes its lines out of the cart (one its timer ended meanwhile keeps them).
  if (awaiting) await checkoutPlaced(deps, row, await ordersOfCheckout(deps.db, row.id));
  if (status === 'requires_payment_method') {
    throw new AppError('transaction-payment-failed', { checkoutId: row.id, failureCode: out.payment?.failureCode ?? '', message: ORDER_MSG.paymentFailed });
  }
  const fresh = await findCheckout(deps.db, row.id);
  if (!fresh) throw new AppError('internal');
  return { checkout: await loadCheckoutView(deps, fresh) };
}

/** The checkout's expiry (and its timer) moved to the bank-transfer window from now; false when it is no longer pending. */
async function awaitTransfer(deps: OrdersDeps, checkoutId: string, methodType: string): Promise<boolean> {
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.windows.bankTransferMs);
  const moved = await withTransaction(deps.db, async (trx) => {
    if (!(await moveCheckout(trx, checkoutId, ['pending'], 'pending', now, { paymentMethodType: methodType, expiresAt }))) return false;
    await scheduleTimer(trx, EXPIRE_CHECKOUT, checkoutId, expiresAt);
    return true;
  });
  deps.timersChanged();
  return moved;
}
