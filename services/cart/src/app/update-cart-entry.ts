import { AppError, invalidParams, isUuid, type CallContext } from '@caskade/kit';
import { ORDER_MSG, type DeliveryMethod } from '@caskade/orders/domain';
import type { cart } from '@caskade/proto';
import { deleteCartEntry, findCartEntry, findCartLine, listingQuantityInCart, lockCart, changeCartEntry } from '../db/cart-entries';
import { requireWritingBuyer } from './callers';
import { loadCart } from './cart-view';
import type { CartDeps } from './deps';
import { chooseDeliveryMethod, loadPublishedListing, quantityError } from './order-line';

const entryNotFound = () => new AppError('not-found', { resource: 'cart-entry' });

/**
 * Changes an entry's quantity (0 keeps it) or delivery method (empty keeps it). Nothing to change
 * answers changed=false with the cart as it is (the gateway's cart_not_changed). A delivery method
 * the buyer already has an entry for merges the two. The buyer's quantities of the listing stay
 * within its stock (docs/decisions/041), checked under the buyer's cart lock.
 */
export async function updateCartEntry(deps: CartDeps, ctx: CallContext, req: cart.UpdateCartEntryRequest): Promise<cart.UpdateCartEntryResponse> {
  const buyer = requireWritingBuyer(ctx);
  if (!isUuid(req.entryId)) throw entryNotFound();
  if (req.quantity !== 0) {
    const bad = quantityError(req.quantity);
    if (bad) throw invalidParams({ quantity: bad });
  }
  const before = await findCartEntry(deps.db, buyer.userId, req.entryId);
  if (!before) throw entryNotFound();
  const unchanged = (entry: { quantity: number; delivery_method: string }) =>
    (req.quantity === 0 || req.quantity === entry.quantity) && (req.deliveryMethod === '' || req.deliveryMethod === entry.delivery_method);
  if (unchanged(before)) return { cart: await loadCart(deps, buyer.userId), changed: false };

  const listing = await loadPublishedListing(deps, before.listing_id);
  if (!listing.fields?.pricePackages[before.package_index]) throw invalidParams({ packageIndex: ORDER_MSG.pricePackRequired });
  let method: DeliveryMethod | undefined;
  if (req.deliveryMethod !== '') {
    const chosen = chooseDeliveryMethod(listing, req.deliveryMethod);
    if (typeof chosen !== 'string') throw invalidParams({ deliveryMethod: chosen.error });
    method = chosen;
  }
  if (listing.stockQuantity <= 0) throw new AppError('transaction-listing-insufficient-stock', { listingId: listing.id, available: 0 });

  const changed = await deps.db.transaction().execute(async (trx) => {
    await lockCart(trx, buyer.userId);
    const entry = await findCartEntry(trx, buyer.userId, req.entryId);
    if (!entry) throw entryNotFound();
    if (unchanged(entry)) return false;
    const quantity = req.quantity === 0 ? entry.quantity : req.quantity;
    const deliveryMethod = method ?? entry.delivery_method;
    const others = await listingQuantityInCart(trx, buyer.userId, entry.listing_id, entry.id);
    if (others + quantity > listing.stockQuantity) throw invalidParams({ quantity: ORDER_MSG.quantityOverMsg });
    const sibling = deliveryMethod === entry.delivery_method ? undefined : await findCartLine(trx, buyer.userId, { ...entry, delivery_method: deliveryMethod });
    const now = deps.now();
    if (sibling) {
      await deleteCartEntry(trx, buyer.userId, entry.id);
      await changeCartEntry(trx, buyer.userId, sibling.id, { quantity: sibling.quantity + quantity, delivery_method: deliveryMethod, now });
    } else {
      await changeCartEntry(trx, buyer.userId, entry.id, { quantity, delivery_method: deliveryMethod, now });
    }
    return true;
  });
  return { cart: await loadCart(deps, buyer.userId), changed };
}
