import type { CallContext } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { requireBuyer } from './callers';
import { loadCart } from './cart-view';
import type { CartDeps } from './deps';

/** The caller's own cart (a buyer never reads another's: the cart is the caller's, no id is taken). */
export async function getCart(deps: CartDeps, ctx: CallContext): Promise<cart.GetCartResponse> {
  const buyer = requireBuyer(ctx);
  return { cart: await loadCart(deps, buyer.userId) };
}
