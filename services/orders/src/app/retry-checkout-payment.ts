import { AppError, invalidParams, isUuid, systemContext, type CallContext } from '@caskade/kit';
import type { orders } from '@caskade/proto';
import { findCheckout } from '../db/checkouts';
import { ordersOfCheckout, setPaymentStatus } from '../db/orders';
import { ORDER_MSG } from '../domain/messages';
import type { OrdersDeps } from './deps';
import { loadCheckoutView, requireBuyer } from './checkout-saga';
import { checkoutPlaced, completeCheckout } from './complete-checkout';

/** A declined payment, paid again with another method while the checkout still holds its stock. */
export async function retryCheckoutPayment(deps: OrdersDeps, ctx: CallContext, req: orders.RetryCheckoutPaymentRequest): Promise<orders.RetryCheckoutPaymentResponse> {
  const buyer = requireBuyer(ctx);
  if (!isUuid(req.id)) throw new AppError('not-found', { resource: 'checkout' });
  const row = await findCheckout(deps.db, req.id);
  if (!row || row.buyer_id !== buyer.userId) throw new AppError('not-found', { resource: 'checkout' });
  if (row.state !== 'pending' || row.charge_now_cents === 0) throw new AppError('transaction-invalid-transition', { checkout: row.state });
  const choice = req.payment ?? { paymentMethodId: '', bankTransfer: false };
  if (!choice.paymentMethodId && !choice.bankTransfer) throw invalidParams({ paymentMethodId: 'validation.required' });
  const out = await deps.payments.retryPayment({ paymentId: row.id, paymentMethodId: choice.paymentMethodId, bankTransfer: choice.bankTransfer }, systemContext(`checkout:${row.id}`));
  const status = out.payment?.status ?? '';
  if (status === 'succeeded') await completeCheckout(deps, row.id);
  else await setPaymentStatus(deps.db, row.id, status);
  // Paying by bank transfer now: the order waits for it, so its lines leave the cart (ADR 070).
  if (choice.bankTransfer && status !== 'succeeded' && status !== 'requires_payment_method') await checkoutPlaced(deps, row, await ordersOfCheckout(deps.db, row.id));
  if (status === 'requires_payment_method') {
    throw new AppError('transaction-payment-failed', { checkoutId: row.id, failureCode: out.payment?.failureCode ?? '', message: ORDER_MSG.paymentFailed });
  }
  const fresh = await findCheckout(deps.db, row.id);
  if (!fresh) throw new AppError('internal');
  return { checkout: await loadCheckoutView(deps, fresh) };
}
