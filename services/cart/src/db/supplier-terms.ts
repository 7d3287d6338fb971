/** The supplier terms repository: every statement on supplier_terms. */
import type { Selectable } from 'kysely';
import type { Db, SupplierTermsTable } from './schema';

export type SupplierTermsRow = Selectable<SupplierTermsTable>;

/** The terms of those suppliers that set theirs (the others are on the defaults). */
export function findSupplierTerms(db: Db, supplierIds: readonly string[]): Promise<SupplierTermsRow[]> {
  if (supplierIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('supplier_terms').selectAll().where('supplier_id', 'in', supplierIds).execute();
}

export function saveSupplierTerms(db: Db, terms: Omit<SupplierTermsRow, 'updated_at'>, now: Date): Promise<SupplierTermsRow> {
  const values = { minimum_order_quantity: terms.minimum_order_quantity, payment_terms: terms.payment_terms, updated_at: now };
  return db
    .insertInto('supplier_terms')
    .values({ supplier_id: terms.supplier_id, ...values })
    .onConflict((oc) => oc.column('supplier_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSupplierTerms(db: Db, supplierId: string): Promise<void> {
  await db.deleteFrom('supplier_terms').where('supplier_id', '=', supplierId).execute();
}
