import { invalidParams, isUuid, requireRole, type CallContext } from '@caskade/kit';
import type { cart } from '@caskade/proto';
import { CART_MSG, MAX_SUPPLIER_TERMS_IDS } from '../domain';
import type { CartDeps } from './deps';
import { supplierTermsOf } from './terms';

/** Anyone: the terms of the suppliers named (defaults for those that never set theirs); none named: the calling supplier's own. */
export async function getSupplierTerms(deps: CartDeps, ctx: CallContext, req: cart.GetSupplierTermsRequest): Promise<cart.GetSupplierTermsResponse> {
  if (req.supplierIds.length === 0) {
    const supplier = requireRole(ctx, 'supplier');
    return { terms: await supplierTermsOf(deps.db, [supplier.userId]) };
  }
  const ids = [...new Set(req.supplierIds)];
  if (ids.length > MAX_SUPPLIER_TERMS_IDS || !ids.every(isUuid)) throw invalidParams({ supplierIds: CART_MSG.invalidValue });
  return { terms: await supplierTermsOf(deps.db, ids) };
}
