import { consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { CartDeps } from '../app/deps';
import { deleteCartEntries, takeFromCartEntries } from '../db/cart-entries';
import { CheckoutPurchasedConsumer } from './registry';

/** When a checkout is purchased (once per event): what it bought leaves that buyer's cart; what was added since stays. */
export function checkoutPurchasedConsumer(deps: CartDeps): SubscribeOptions {
  return CheckoutPurchasedConsumer.handle(async (event) => {
    const { buyerId, cartEntryIds, cartLines } = event.data;
    const ids = cartEntryIds.filter(isUuid);
    const lines = cartLines.filter((l) => isUuid(l.entryId) && Number.isInteger(l.quantity) && l.quantity > 0).map((l) => ({ id: l.entryId, quantity: l.quantity }));
    if (!isUuid(buyerId) || (ids.length === 0 && lines.length === 0)) {
      deps.logger.warn({ eventId: event.id }, 'checkout purchased without a buyer or cart entries, ignored');
      return;
    }
    await consumeOnce(deps.db, CheckoutPurchasedConsumer.name, event, async (trx) => {
      // The quantities bought come off; what the buyer added since (the same entry grows) stays.
      if (lines.length > 0) await takeFromCartEntries(trx, buyerId, lines, deps.now());
      else await deleteCartEntries(trx, buyerId, ids);
    });
  });
}
