/**
 * The listings repository: every statement on the listings table.
 */
import type { Selectable } from 'kysely';
import type { Db, ListingsTable, StoredState, Trx } from './schema';

export type ListingRow = Selectable<ListingsTable>;

// ---- stock (never the content version: the editor's expectedVersion stays as it is) ----------

/**
 * Takes `quantity` units of a published listing that has them: `SET stock = stock - n WHERE
 * stock >= n`, so row locks serialise concurrent reservers on the latest stock. Undefined when the
 * listing is not published or has too few.
 */
export function takeStock(trx: Trx, listingId: string, quantity: number, now: Date): Promise<ListingRow | undefined> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', quantity), updated_at: now }))
    .where('id', '=', listingId)
    .where('state', '=', 'published')
    .where('stock_quantity', '>=', quantity)
    .returningAll()
    .executeTakeFirst();
}

/** A listing's state and stock (deleted ones included), unlocked. */
export function findStock(db: Db, listingId: string): Promise<{ state: StoredState; stock_quantity: number } | undefined> {
  return db.selectFrom('listings').select(['state', 'stock_quantity']).where('id', '=', listingId).executeTakeFirst();
}

/** The stock of a listing that is not deleted, locked for the rest of the transaction. */
export async function lockStock(trx: Trx, listingId: string): Promise<number | undefined> {
  const row = await trx.selectFrom('listings').select('stock_quantity').where('id', '=', listingId).where('state', '<>', 'deleted').forUpdate().executeTakeFirst();
  return row?.stock_quantity;
}

/** Gives `quantity` units back to the listing. */
export function returnStock(trx: Trx, listingId: string, quantity: number, now: Date): Promise<ListingRow> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', quantity), updated_at: now }))
    .where('id', '=', listingId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Compare-and-set: the stock becomes `newTotal` only while it is `oldTotal` and the listing is not deleted. */
export function setStockIfTotal(trx: Trx, listingId: string, change: { oldTotal: number; newTotal: number; now: Date }): Promise<ListingRow | undefined> {
  return trx
    .updateTable('listings')
    .set({ stock_quantity: change.newTotal, updated_at: change.now })
    .where('id', '=', listingId)
    .where('state', '<>', 'deleted')
    .where('stock_quantity', '=', change.oldTotal)
    .returningAll()
    .executeTakeFirst();
}

// ---- the supplier's brand name, copied onto listings for search --------------------------------

export async function renameBrandOnListings(trx: Trx, authorId: string, brandName: string): Promise<void> {
  await trx.updateTable('listings').set({ brand_name: brandName }).where('author_id', '=', authorId).where('brand_name', '<>', brandName).execute();
}
