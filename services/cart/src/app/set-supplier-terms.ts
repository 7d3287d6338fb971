import { AppError, invalidParams, LIMITED_ACCESS_REASON, LIMITED_SCOPE, requireRole, type CallContext } from '@caskade/kit';
import { isPaymentTerm, MAX_MINIMUM_ORDER_QUANTITY, PAYMENT_TERMS } from '@caskade/orders/domain';
import type { cart } from '@caskade/proto';
import { saveSupplierTerms } from '../db/supplier-terms';
import { CART_MSG } from '../domain';
import type { CartDeps } from './deps';

/** The calling supplier's minimum order quantity (1 or more) and the payment terms it offers (any of 30/60/90 days). */
export async function setSupplierTerms(deps: CartDeps, ctx: CallContext, req: cart.SetSupplierTermsRequest): Promise<cart.SetSupplierTermsResponse> {
  const supplier = requireRole(ctx, 'supplier');
  if (supplier.scopes.includes(LIMITED_SCOPE)) throw new AppError('forbidden', { reason: LIMITED_ACCESS_REASON });
  const errors: Record<string, string> = {};
  const moq = req.minimumOrderQuantity;
  if (!Number.isInteger(moq) || moq < 1 || moq > MAX_MINIMUM_ORDER_QUANTITY) errors.minimumOrderQuantity = CART_MSG.minimumOrderQuantityInvalid;
  if (!req.paymentTerms.every(isPaymentTerm)) errors.paymentTerms = CART_MSG.paymentTermInvalid;
  if (Object.keys(errors).length > 0) throw invalidParams(errors);
  const row = await saveSupplierTerms(
    deps.db,
    { supplier_id: supplier.userId, minimum_order_quantity: moq, payment_terms: PAYMENT_TERMS.filter((t) => req.paymentTerms.includes(t)) },
    deps.now(),
  );
  return { terms: { supplierId: row.supplier_id, minimumOrderQuantity: row.minimum_order_quantity, paymentTerms: row.payment_terms } };
}
