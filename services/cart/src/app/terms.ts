import { DEFAULT_MINIMUM_ORDER_QUANTITY, PAYMENT_TERMS } from '@caskade/orders/domain';
import type { cart } from '@caskade/proto';
import { findSupplierTerms, type SupplierTermsRow } from '../db/supplier-terms';
import type { Db } from '../db/schema';

/** Each supplier's terms, in the order asked; the defaults (minimum 1, no terms) for a supplier that never set them. */
export async function supplierTermsOf(db: Db, supplierIds: readonly string[]): Promise<cart.SupplierTerms[]> {
  return termsFor(supplierIds, await findSupplierTerms(db, supplierIds));
}

/** Each supplier's terms from the rows of those that set theirs, in the order asked. */
export function termsFor(supplierIds: readonly string[], stored: ReadonlyArray<Pick<SupplierTermsRow, 'supplier_id' | 'minimum_order_quantity' | 'payment_terms'>>): cart.SupplierTerms[] {
  const rows = new Map(stored.map((r) => [r.supplier_id, r]));
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
