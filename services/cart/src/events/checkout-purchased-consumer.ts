import { consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { CartDeps } from '../app/deps';
import { deleteCartEntries } from '../db/cart-entries';
import { CheckoutPurchasedConsumer } from './registry';

/** When a checkout is purchased (once per event): the entries it bought leave that buyer's cart; entries added since stay. */
export function checkoutPurchasedConsumer(deps: CartDeps): SubscribeOptions {
  return CheckoutPurchasedConsumer.handle(async (event) => {
    const { buyerId, cartEntryIds } = event.data;
    const ids = cartEntryIds.filter(isUuid);
    if (!isUuid(buyerId) || ids.length === 0) {
      deps.logger.warn({ eventId: event.id }, 'checkout purchased without a buyer or cart entries, ignored');
      return;
    }
    await consumeOnce(deps.db, CheckoutPurchasedConsumer.name, event, async (trx) => {
      await deleteCartEntries(trx, buyerId, ids);
    });
  });
}
