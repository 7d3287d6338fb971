/** The payment term choices repository: every statement on payment_term_choices (the buyer's term per supplier). */
import type { Db } from './schema';

export async function choosePaymentTerm(db: Db, buyerId: string, supplierId: string, term: string, now: Date): Promise<void> {
  await db
    .insertInto('payment_term_choices')
    .values({ buyer_id: buyerId, supplier_id: supplierId, term, updated_at: now })
    .onConflict((oc) => oc.columns(['buyer_id', 'supplier_id']).doUpdateSet({ term, updated_at: now }))
    .execute();
}

/** Paying now: no term for that supplier. */
export async function clearPaymentTerm(db: Db, buyerId: string, supplierId: string): Promise<void> {
  await db.deleteFrom('payment_term_choices').where('buyer_id', '=', buyerId).where('supplier_id', '=', supplierId).execute();
}

export async function deletePaymentTermChoices(db: Db, buyerId: string): Promise<void> {
  await db.deleteFrom('payment_term_choices').where('buyer_id', '=', buyerId).execute();
}
