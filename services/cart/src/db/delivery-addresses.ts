/** The delivery addresses repository: every statement on delivery_addresses. */
import { sql, type Selectable } from 'kysely';
import type { Db, DeliveryAddressesTable, Trx } from './schema';

export type DeliveryAddressRow = Omit<Selectable<DeliveryAddressesTable>, 'seq'>;
export type AddressFields = Pick<DeliveryAddressRow, 'name' | 'street' | 'city' | 'state' | 'country' | 'postal_code' | 'phone' | 'email'>;

const COLUMNS = ['id', 'buyer_id', 'name', 'street', 'city', 'state', 'country', 'postal_code', 'phone', 'email', 'is_default', 'created_at', 'updated_at'] as const;

/** Serialises one buyer's address writes until the transaction ends (one default, at most 20, even the first two at once). */
export async function lockAddresses(trx: Trx, buyerId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`addresses:${buyerId}`}))`.execute(trx);
}

/** The buyer's addresses, oldest first. */
export function findDeliveryAddresses(db: Db, buyerId: string): Promise<DeliveryAddressRow[]> {
  return db.selectFrom('delivery_addresses').select(COLUMNS).where('buyer_id', '=', buyerId).orderBy('seq').execute();
}

export function findDeliveryAddress(db: Db, buyerId: string, id: string): Promise<DeliveryAddressRow | undefined> {
  return db.selectFrom('delivery_addresses').select(COLUMNS).where('buyer_id', '=', buyerId).where('id', '=', id).executeTakeFirst();
}

export function findDefaultDeliveryAddress(db: Db, buyerId: string): Promise<DeliveryAddressRow | undefined> {
  return db.selectFrom('delivery_addresses').select(COLUMNS).where('buyer_id', '=', buyerId).where('is_default', '=', true).executeTakeFirst();
}

export async function countDeliveryAddresses(db: Db, buyerId: string): Promise<number> {
  const row = await db.selectFrom('delivery_addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('buyer_id', '=', buyerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertDeliveryAddress(trx: Trx, row: AddressFields & Pick<DeliveryAddressRow, 'id' | 'buyer_id' | 'is_default'>, now: Date): Promise<DeliveryAddressRow> {
  return trx.insertInto('delivery_addresses').values({ ...row, created_at: now, updated_at: now }).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function changeDeliveryAddress(trx: Trx, buyerId: string, id: string, fields: AddressFields, now: Date): Promise<void> {
  await trx.updateTable('delivery_addresses').set({ ...fields, updated_at: now }).where('buyer_id', '=', buyerId).where('id', '=', id).execute();
}

/** Makes `id` the buyer's one default (the old default first gives it up: the unique index allows one). */
export async function setDefaultDeliveryAddress(trx: Trx, buyerId: string, id: string): Promise<void> {
  await trx.updateTable('delivery_addresses').set({ is_default: false }).where('buyer_id', '=', buyerId).where('is_default', '=', true).where('id', '<>', id).execute();
  await trx.updateTable('delivery_addresses').set({ is_default: true }).where('buyer_id', '=', buyerId).where('id', '=', id).execute();
}

/** Makes the buyer's oldest address the default when none is (after the default was deleted). */
export async function promoteOldestDeliveryAddress(trx: Trx, buyerId: string): Promise<void> {
  const oldest = await trx.selectFrom('delivery_addresses').select('id').where('buyer_id', '=', buyerId).orderBy('seq').limit(1).executeTakeFirst();
  if (oldest) await trx.updateTable('delivery_addresses').set({ is_default: true }).where('id', '=', oldest.id).execute();
}

/** Removes one of the buyer's addresses; the removed row, or undefined when the buyer has no such address. */
export function removeDeliveryAddress(trx: Trx, buyerId: string, id: string): Promise<DeliveryAddressRow | undefined> {
  return trx.deleteFrom('delivery_addresses').where('buyer_id', '=', buyerId).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}

export async function deleteDeliveryAddressesOf(db: Db, buyerId: string): Promise<void> {
  await db.deleteFrom('delivery_addresses').where('buyer_id', '=', buyerId).execute();
}
