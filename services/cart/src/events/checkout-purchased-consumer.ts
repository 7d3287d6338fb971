import { consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { CartDeps } from '../app/deps';
import { takeOnce, validLines, type CheckoutLines } from '../app/take-checkout-lines';
import { checkoutTaken } from '../db/cart-entries';
import { CheckoutPlacedConsumer, CheckoutPurchasedConsumer } from './registry';

/**
 * What a checkout bought leaves that buyer's cart, once per checkout (docs/decisions/070, 074): at
 * its placement for a bank transfer (orders.checkout.placed), else at its purchase; orders normally
 * took the lines already before answering (TakeCheckoutLines), and whichever comes later finds the
 * checkout taken and changes nothing — with one read, no transaction. What the buyer added since stays.
 */
async function takeCheckoutLines(deps: CartDeps, consumer: string, event: Parameters<typeof consumeOnce>[2], data: CheckoutLines): Promise<void> {
  if (!isUuid(data.buyerId)) {
    deps.logger.warn({ eventId: event.id, consumer }, 'checkout without a buyer, ignored');
    return;
  }
  const { ids, lines } = validLines(data);
  // A listing's "Buy now" checkout holds no cart entries: nothing leaves the cart.
  if (ids.length === 0 && lines.length === 0) return;
  if (data.checkoutId && (await checkoutTaken(deps.db, data.checkoutId))) return;
  await consumeOnce(deps.db, consumer, event, async (trx) => {
    await takeOnce(trx, data, deps.now());
  });
}

/** When a checkout is purchased: its lines leave the cart, unless orders or its placement took them already. */
export function checkoutPurchasedConsumer(deps: CartDeps): SubscribeOptions {
  return CheckoutPurchasedConsumer.handle(async (event) => {
    await takeCheckoutLines(deps, CheckoutPurchasedConsumer.name, event, event.data);
  });
}

/** When a bank-transfer checkout is placed: its lines leave the cart now (the buyer is not offered them again while the transfer is awaited). */
export function checkoutPlacedConsumer(deps: CartDeps): SubscribeOptions {
  return CheckoutPlacedConsumer.handle(async (event) => {
    await takeCheckoutLines(deps, CheckoutPlacedConsumer.name, event, { ...event.data, cartEntryIds: [] });
  });
}
