import { consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { CartDeps } from '../app/deps';
import { claimCheckoutTake, deleteCartEntries, takeFromCartEntries } from '../db/cart-entries';
import { CheckoutPlacedConsumer, CheckoutPurchasedConsumer } from './registry';

interface CheckoutLines {
  checkoutId: string;
  buyerId: string;
  cartEntryIds: readonly string[];
  cartLines: ReadonlyArray<{ entryId: string; quantity: number }>;
}

/**
 * What a checkout bought leaves that buyer's cart, once per checkout (docs/decisions/070): at its
 * placement for a bank transfer (orders.checkout.placed), else at its purchase; whichever comes
 * second finds the checkout taken and changes nothing. What the buyer added since stays.
 */
async function takeCheckoutLines(deps: CartDeps, consumer: string, event: Parameters<typeof consumeOnce>[2], data: CheckoutLines): Promise<void> {
  const { checkoutId, buyerId } = data;
  const ids = data.cartEntryIds.filter(isUuid);
  const lines = data.cartLines.filter((l) => isUuid(l.entryId) && Number.isInteger(l.quantity) && l.quantity > 0).map((l) => ({ id: l.entryId, quantity: l.quantity }));
  if (!isUuid(buyerId)) {
    deps.logger.warn({ eventId: event.id, consumer }, 'checkout without a buyer, ignored');
    return;
  }
  // A listing's "Buy now" checkout holds no cart entries: nothing leaves the cart.
  if (ids.length === 0 && lines.length === 0) return;
  await consumeOnce(deps.db, consumer, event, async (trx) => {
    const now = deps.now();
    if (checkoutId && !(await claimCheckoutTake(trx, checkoutId, now))) return;
    // The quantities bought come off; what the buyer added since (the same entry grows) stays.
    if (lines.length > 0) await takeFromCartEntries(trx, buyerId, lines, now);
    else await deleteCartEntries(trx, buyerId, ids);
  });
}

/** When a checkout is purchased: its lines leave the cart, unless its placement took them already. */
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
