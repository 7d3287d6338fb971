/** Suppliers' payout (connected) accounts. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PaymentsDB, PayoutAccountsTable } from './schema';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

export function findPayoutAccount(db: Kysely<PaymentsDB>, supplierId: string): Promise<PayoutAccountRow | undefined> {
  return db.selectFrom('payout_accounts').selectAll().where('supplier_id', '=', supplierId).executeTakeFirst();
}

/** The suppliers among these with an account able to receive transfers. */
export async function suppliersWithEnabledAccounts(db: Kysely<PaymentsDB>, supplierIds: string[]): Promise<Set<string>> {
  if (supplierIds.length === 0) return new Set();
  const rows = await db.selectFrom('payout_accounts').select('supplier_id').where('supplier_id', 'in', supplierIds).where('payouts_enabled', '=', true).execute();
  return new Set(rows.map((r) => r.supplier_id));
}

/** Inserts unless the supplier has an account; answers the supplier's account either way. */
export async function insertPayoutAccountUnlessPresent(db: Kysely<PaymentsDB>, row: Insertable<PayoutAccountsTable>): Promise<PayoutAccountRow> {
  await db.insertInto('payout_accounts').values(row).onConflict((oc) => oc.column('supplier_id').doNothing()).execute();
  const saved = await findPayoutAccount(db, row.supplier_id);
  if (!saved) throw new Error(`payout account of ${row.supplier_id} was not saved`);
  return saved;
}
