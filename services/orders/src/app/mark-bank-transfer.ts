import { AppError, systemContext } from '@caskade/kit';
import type { OrdersDeps } from './deps';

/** The operator saw the buyer's transfer arrive: the payment succeeds (a card payment already succeeded answers as it is). */
export async function markBankTransferReceived(deps: OrdersDeps, checkoutId: string): Promise<void> {
  const ctx = systemContext(`checkout:${checkoutId}`);
  try {
    await deps.payments.markBankTransferReceived({ paymentId: checkoutId }, ctx);
  } catch (err) {
    if (err instanceof AppError && err.code === 'transaction-invalid-transition') {
      const status = (await deps.payments.getPayment({ paymentId: checkoutId }, ctx)).payment?.status;
      if (status === 'succeeded') return;
    }
    throw err;
  }
}
