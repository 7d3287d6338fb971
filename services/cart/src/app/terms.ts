import { DEFAULT_MINIMUM_ORDER_QUANTITY, PAYMENT_TERMS } from '@caskade/orders/domain';
import type { cart } from '@caskade/proto';
import { findSupplierTerms } from '../db/supplier-terms';
import type { Db } from '../db/schema';

/** Each supplier's terms, in the order asked; the defaults (minimum 1, no terms) for a supplier that never set them. */
export async function supplierTermsOf(db: Db, supplierIds: readonly string[]): Promise<cart.SupplierTerms[]> {
  const rows = new Map((await findSupplierTerms(db, supplierIds)).map((r) => [r.supplier_id, r]));
  return supplierIds.map((supplierId) => {
    const row = rows.get(supplierId);
    return {
      supplierId,
      minimumOrderQuantity: row?.minimum_order_quantity ?? DEFAULT_MINIMUM_ORDER_QUANTITY,
      // In the canonical order, whatever order they were stored in.
      paymentTerms: PAYMENT_TERMS.filter((t) => row?.payment_terms.includes(t)),
    };
  });
}
