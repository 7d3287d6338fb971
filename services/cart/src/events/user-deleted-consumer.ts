import { consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { CartDeps } from '../app/deps';
import { deleteCart } from '../db/cart-entries';
import { deleteDeliveryAddressesOf } from '../db/delivery-addresses';
import { deletePaymentTermChoices } from '../db/payment-term-choices';
import { deleteSupplierTerms } from '../db/supplier-terms';
import { UserDeletedConsumer } from './registry';

/** When identity deletes an account (once per event): its cart, payment term choices, addresses and supplier terms go. */
export function userDeletedConsumer(deps: CartDeps): SubscribeOptions {
  return UserDeletedConsumer.handle(async (event) => {
    const { userId } = event.data;
    if (!isUuid(userId)) {
      deps.logger.warn({ eventId: event.id }, 'user deleted event without a user id, ignored');
      return;
    }
    await consumeOnce(deps.db, UserDeletedConsumer.name, event, async (trx) => {
      await deleteCart(trx, userId);
      await deletePaymentTermChoices(trx, userId);
      await deleteDeliveryAddressesOf(trx, userId);
      await deleteSupplierTerms(trx, userId);
    });
  });
}
