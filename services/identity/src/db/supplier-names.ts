/**
 * The supplier-names repository: the one namespace of every supplier's brand and business names.
 */
import { AppError } from '@caskade/kit';
import type { Kysely, Transaction } from 'kysely';
import type { IdentityDB } from './schema';

type Trx = Transaction<IdentityDB>;

export interface SupplierNameKeys {
  brandName: string | null;
  businessName: string | null;
}

/**
 * Claim a supplier's brand and business names in the shared namespace, inside the caller's
 * transaction: names the user no longer uses are released, new ones inserted. The primary key
 * decides a race (the second insert waits for the first transaction, then finds the name taken).
 * Throws 409 `name-taken` naming the field(s) already held by another account.
 */
export async function claimSupplierNames(trx: Trx, userId: string, keys: SupplierNameKeys): Promise<void> {
  const wanted = [keys.brandName, keys.businessName].filter((k): k is string => k !== null);
  let release = trx.deleteFrom('supplier_names').where('user_id', '=', userId);
  if (wanted.length > 0) release = release.where('name_key', 'not in', wanted);
  await release.execute();
  if (wanted.length === 0) return;
  await trx
    .insertInto('supplier_names')
    .values(wanted.map((nameKey) => ({ name_key: nameKey, user_id: userId })))
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute();
  const owners = await trx.selectFrom('supplier_names').select(['name_key', 'user_id']).where('name_key', 'in', wanted).execute();
  const takenBySomeoneElse = new Set(owners.filter((o) => o.user_id !== userId).map((o) => o.name_key));
  const fields: Record<string, string> = {};
  if (keys.brandName !== null && takenBySomeoneElse.has(keys.brandName)) fields.brandName = 'name-taken';
  if (keys.businessName !== null && takenBySomeoneElse.has(keys.businessName)) fields.businessName = 'name-taken';
  if (Object.keys(fields).length > 0) throw new AppError('name-taken', { fields });
}

/** A deleted account's names become free again. */
export async function releaseSupplierNames(trx: Trx, userId: string): Promise<void> {
  await trx.deleteFrom('supplier_names').where('user_id', '=', userId).execute();
}

/** Whether any account holds the name (as a brand or a business name). */
export async function isNameHeld(db: Kysely<IdentityDB>, nameKey: string): Promise<boolean> {
  const hit = await db.selectFrom('supplier_names').select('user_id').where('name_key', '=', nameKey).executeTakeFirst();
  return hit !== undefined;
}
