/** Users' saved payment methods: every statement on payment_methods. */
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { PaymentMethodsTable, PaymentsDB } from './schema';

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
type Db = Kysely<PaymentsDB> | Transaction<PaymentsDB>;

/** A user's methods, default first, then oldest first. */
export function listMethods(db: Db, userId: string): Promise<PaymentMethodRow[]> {
  return db.selectFrom('payment_methods').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('seq').execute();
}

export function findMethod(db: Db, id: string): Promise<PaymentMethodRow | undefined> {
  return db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Serialises changes to one user's methods (a transaction-scoped advisory lock on the user). */
export async function lockUserMethods(trx: Transaction<PaymentsDB>, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`payment-methods:${userId}`}, 0))`.execute(trx);
}

/** Inserts unless the id is saved already; answers whether it was inserted. */
export async function insertMethod(trx: Transaction<PaymentsDB>, row: Insertable<PaymentMethodsTable>): Promise<boolean> {
  const res = await trx.insertInto('payment_methods').values(row).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
  return res !== undefined;
}

export async function deleteMethod(trx: Transaction<PaymentsDB>, userId: string, id: string): Promise<PaymentMethodRow | undefined> {
  return trx.deleteFrom('payment_methods').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

/** Makes `id` the user's only default. */
export async function setDefault(trx: Transaction<PaymentsDB>, userId: string, id: string): Promise<void> {
  await trx.updateTable('payment_methods').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).where('id', '<>', id).execute();
  await trx.updateTable('payment_methods').set({ is_default: true }).where('user_id', '=', userId).where('id', '=', id).execute();
}
