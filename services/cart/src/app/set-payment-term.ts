import { invalidParams, isUuid, type CallContext } from '@caskade/kit';
import { isPaymentTermChoice, ORDER_MSG } from '@caskade/orders/domain';
import type { cart } from '@caskade/proto';
import { supplierInCart } from '../db/cart-entries';
import { choosePaymentTerm, clearPaymentTerm } from '../db/payment-term-choices';
import { CART_MSG } from '../domain';
import { requireWritingBuyer } from './callers';
import { loadCart } from './cart-view';
import type { CartDeps } from './deps';
import { supplierTermsOf } from './terms';

/** The buyer's payment term for one supplier of the cart: none (pay now) or a term that supplier offers. */
export async function setPaymentTerm(deps: CartDeps, ctx: CallContext, req: cart.SetPaymentTermRequest): Promise<cart.SetPaymentTermResponse> {
  const buyer = requireWritingBuyer(ctx);
  if (!isPaymentTermChoice(req.paymentTerm)) throw invalidParams({ paymentTerm: ORDER_MSG.paymentTermNotOffered });
  if (!isUuid(req.supplierId) || !(await supplierInCart(deps.db, buyer.userId, req.supplierId))) throw invalidParams({ supplierId: CART_MSG.supplierNotInCart });
  if (req.paymentTerm === 'none') await clearPaymentTerm(deps.db, buyer.userId, req.supplierId);
  else {
    const [terms] = await supplierTermsOf(deps.db, [req.supplierId]);
    if (!terms?.paymentTerms.includes(req.paymentTerm)) throw invalidParams({ paymentTerm: ORDER_MSG.paymentTermNotOffered });
    await choosePaymentTerm(deps.db, buyer.userId, req.supplierId, req.paymentTerm, deps.now());
  }
  return { cart: await loadCart(deps, buyer.userId) };
}
