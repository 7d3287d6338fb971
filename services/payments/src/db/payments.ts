/** Payments: every statement on payments, their transfers, refunds and sandbox settlements. */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { PaymentStatus } from '../domain';
import type { PaymentsDB, PaymentsTable, PaymentTransfersTable } from './schema';

export type PaymentRow = Selectable<PaymentsTable>;
type Db = Kysely<PaymentsDB> | Transaction<PaymentsDB>;

export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The payment, locked until the transaction ends. */
export function lockPayment(trx: Transaction<PaymentsDB>, id: string): Promise<PaymentRow | undefined> {
  return trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findPaymentByProviderRef(db: Db, providerRef: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('provider_ref', '=', providerRef).executeTakeFirst();
}

/**
 * Inserts the payment unless its id exists. A concurrent insert of the same id waits for the first
 * transaction to end, so exactly one caller gets the row back (and charges).
 */
export function insertPaymentUnlessPresent(trx: Transaction<PaymentsDB>, row: Insertable<PaymentsTable>): Promise<PaymentRow | undefined> {
  return trx.insertInto('payments').values(row).onConflict((oc) => oc.column('id').doNothing()).returningAll().executeTakeFirst();
}

/** The conditional update of every status change: only from `expected`; undefined when the payment moved on. */
export function updatePaymentFrom(trx: Transaction<PaymentsDB>, id: string, expected: PaymentStatus, change: Updateable<PaymentsTable>): Promise<PaymentRow | undefined> {
  return trx
    .updateTable('payments')
    .set((eb) => ({ ...change, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', expected)
    .returningAll()
    .executeTakeFirst();
}

export async function insertTransfers(trx: Transaction<PaymentsDB>, rows: Insertable<PaymentTransfersTable>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('payment_transfers').values(rows).execute();
}

export async function scheduleSettlement(
  trx: Transaction<PaymentsDB>,
  row: { payment_id: string; attempt: number; due_at: Date; status: 'succeeded' | 'requires_payment_method'; failure_code: string; failure_message: string },
): Promise<void> {
  await trx
    .insertInto('sandbox_settlements')
    .values(row)
    .onConflict((oc) => oc.column('payment_id').doUpdateSet({ attempt: row.attempt, due_at: row.due_at, status: row.status, failure_code: row.failure_code, failure_message: row.failure_message }))
    .execute();
}

export function findRefund(db: Db, id: string) {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}
