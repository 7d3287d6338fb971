/**
 * The restocks repository: every statement on stock_restocks (the canceled orders whose bought
 * units were given back, one row per restock id).
 */
import type { Selectable } from 'kysely';
import type { ListingRow } from './listings';
import type { ReservationLineRecord, StockRestocksTable, Trx } from './schema';

export type RestockRow = Selectable<StockRestocksTable>;

/**
 * Records the restock unless its id is taken; undefined when it was. A concurrent insert of the
 * same id waits on the first one's transaction, then finds it (and changes nothing).
 */
export function claimRestock(trx: Trx, restock: { id: string; lines: ReservationLineRecord[]; now: Date }): Promise<RestockRow | undefined> {
  return trx
    .insertInto('stock_restocks')
    .values({ id: restock.id, lines: JSON.stringify(restock.lines), created_at: restock.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findRestock(trx: Trx, id: string): Promise<RestockRow | undefined> {
  return trx.selectFrom('stock_restocks').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Adds `quantity` units to a listing that is not deleted, while the sum stays within `maxStock`
 * (the listings_stock_max CHECK is the last guard); undefined when the listing is gone or full.
 */
export function addStock(trx: Trx, listingId: string, change: { quantity: number; maxStock: number; now: Date }): Promise<ListingRow | undefined> {
  return trx
    .updateTable('listings')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', change.quantity), updated_at: change.now }))
    .where('id', '=', listingId)
    .where('state', '<>', 'deleted')
    .where('stock_quantity', '<=', change.maxStock - change.quantity)
    .returningAll()
    .executeTakeFirst();
}
