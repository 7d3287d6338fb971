/** The sandbox's issued payment methods (summaries only). */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PaymentsDB, SandboxPaymentMethodsTable } from './schema';

export type SandboxMethodRow = Selectable<SandboxPaymentMethodsTable>;

export function findSandboxMethod(db: Kysely<PaymentsDB>, id: string): Promise<SandboxMethodRow | undefined> {
  return db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Attach to a customer unless spent or another customer's; false when refused. */
export async function attachSandboxMethod(db: Kysely<PaymentsDB>, id: string, customerId: string): Promise<boolean> {
  const out = await db.updateTable('sandbox_payment_methods').set({ customer_id: customerId })
    .where('id', '=', id).where('detached', '=', false).where('customer_id', 'in', ['', customerId])
    .executeTakeFirst();
  return Number(out.numUpdatedRows) === 1;
}

/** Spent: detached from its customer, never to be used again. */
export async function detachSandboxMethod(db: Kysely<PaymentsDB>, id: string): Promise<void> {
  await db.updateTable('sandbox_payment_methods').set({ detached: true }).where('id', '=', id).execute();
}

export async function insertSandboxMethod(db: Kysely<PaymentsDB>, row: Insertable<SandboxPaymentMethodsTable>): Promise<void> {
  await db.insertInto('sandbox_payment_methods').values(row).execute();
}
