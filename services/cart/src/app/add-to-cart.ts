import { AppError, invalidParams, type CallContext } from '@caskade/kit';
import { servesState } from '@caskade/catalog/domain';
import { ORDER_MSG } from '@caskade/orders/domain';
import type { cart, catalog } from '@caskade/proto';
import { randomUUID } from 'node:crypto';
import { addCartEntry, listCartEntries, lockCart } from '../db/cart-entries';
import { findDefaultDeliveryAddress } from '../db/delivery-addresses';
import { CART_MSG, MAX_CART_ENTRIES } from '../domain';
import { requireWritingBuyer } from './callers';
import { loadCart } from './cart-view';
import type { CartDeps } from './deps';
import { checkLine, loadPublishedListing } from './order-line';

/** A listing visible only in some states is refused to a buyer whose default delivery address is elsewhere. */
async function checkStateServed(deps: CartDeps, buyerId: string, listing: catalog.Listing): Promise<void> {
  const states = listing.fields?.visibleStates ?? [];
  if (states.length === 0) return;
  const address = await findDefaultDeliveryAddress(deps.db, buyerId);
  if (address && !servesState(states, address.state)) throw invalidParams({ listingId: ORDER_MSG.stateNotServed });
}

/**
 * Adds packages of a published listing to the buyer's cart, merged with the entry of the same
 * listing, package and delivery method. The buyer's quantities of the listing (every package and
 * delivery method) may not add up to more than its stock (docs/decisions/041); the check and the
 * write hold the buyer's cart lock, so concurrent adds never pass it together.
 */
export async function addToCart(deps: CartDeps, ctx: CallContext, req: cart.AddToCartRequest): Promise<cart.AddToCartResponse> {
  const buyer = requireWritingBuyer(ctx);
  const listing = await loadPublishedListing(deps, req.listingId);
  if (listing.author?.id === buyer.userId) throw new AppError('forbidden', { reason: ORDER_MSG.ownListing });
  const line = checkLine(listing, req);
  await checkStateServed(deps, buyer.userId, listing);
  const entryId = await deps.db.transaction().execute(async (trx) => {
    await lockCart(trx, buyer.userId);
    const key = { listing_id: listing.id, package_index: line.packageIndex, delivery_method: line.deliveryMethod };
    // One read of the cart (at most MAX_CART_ENTRIES rows) answers the three checks, under the lock.
    const rows = await listCartEntries(trx, buyer.userId);
    const existing = rows.find((r) => r.listing_id === key.listing_id && r.package_index === key.package_index && r.delivery_method === key.delivery_method);
    if (!existing && rows.length >= MAX_CART_ENTRIES) throw invalidParams({ listingId: CART_MSG.cartFull });
    const inCart = rows.filter((r) => r.listing_id === listing.id).reduce((sum, r) => sum + r.quantity, 0);
    if (inCart + line.quantity > listing.stockQuantity) throw invalidParams({ quantity: ORDER_MSG.quantityOverMsg });
    return addCartEntry(trx, { id: randomUUID(), buyer_id: buyer.userId, supplier_id: line.supplierId, quantity: line.quantity, ...key, now: deps.now() });
  });
  return { cart: await loadCart(deps, buyer.userId, new Map([[listing.id, listing]])), entryId };
}
