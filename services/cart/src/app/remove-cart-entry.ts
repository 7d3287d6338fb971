import { AppError, isUuid, type CallContext } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { deleteCartEntry } from '../db/cart-entries';
import { requireWritingBuyer } from './callers';
import { loadCart } from './cart-view';
import type { CartDeps } from './deps';

/** Removes one of the buyer's entries; another buyer's entry is not-found, as if it did not exist. */
export async function removeCartEntry(deps: CartDeps, ctx: CallContext, req: cart.RemoveCartEntryRequest): Promise<cart.RemoveCartEntryResponse> {
  const buyer = requireWritingBuyer(ctx);
  const removed = isUuid(req.entryId) && (await deleteCartEntry(deps.db, buyer.userId, req.entryId));
  if (!removed) throw new AppError('not-found', { resource: 'cart-entry' });
  return { cart: await loadCart(deps, buyer.userId) };
}
