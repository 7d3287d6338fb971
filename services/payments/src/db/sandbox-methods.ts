/** The sandbox's issued payment methods (summaries only). */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PaymentsDB, SandboxPaymentMethodsTable } from './schema';

export type SandboxMethodRow = Selectable<SandboxPaymentMethodsTable>;

export function findSandboxMethod(db: Kysely<PaymentsDB>, id: string): Promise<SandboxMethodRow | undefined> {
  return db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSandboxMethod(db: Kysely<PaymentsDB>, row: Insertable<SandboxPaymentMethodsTable>): Promise<void> {
  await db.insertInto('sandbox_payment_methods').values(row).execute();
}
