/** Each user's provider customer. */
import type { Kysely } from 'kysely';
import type { PaymentsDB } from './schema';

export async function findCustomerId(db: Kysely<PaymentsDB>, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('customers').select('customer_id').where('user_id', '=', userId).executeTakeFirst())?.customer_id;
}

/** Records the user's customer unless one is recorded already; answers the one that is. */
export async function saveCustomerId(db: Kysely<PaymentsDB>, userId: string, customerId: string): Promise<string> {
  await db.insertInto('customers').values({ user_id: userId, customer_id: customerId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  const saved = await findCustomerId(db, userId);
  if (!saved) throw new Error(`customer of ${userId} was not saved`);
  return saved;
}
