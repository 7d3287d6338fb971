/** The cart entries repository: every statement on cart_entries. */
import { sql, type Selectable } from 'kysely';
import type { CartEntriesTable, Db, Trx } from './schema';
import type { SupplierTermsRow } from './supplier-terms';

export type CartEntryRow = Omit<Selectable<CartEntriesTable>, 'seq'>;
export type NewCartEntry = Omit<CartEntryRow, 'added_at' | 'updated_at'> & { now: Date };

const COLUMNS = ['id', 'buyer_id', 'listing_id', 'supplier_id', 'package_index', 'quantity', 'delivery_method', 'added_at', 'updated_at'] as const;

/**
 * Serialises one buyer's cart writes until the transaction ends, so the check of a listing's
 * quantities against its stock holds however many requests race (the first one too, when no row
 * exists yet to lock).
 */
export async function lockCart(trx: Trx, buyerId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`cart:${buyerId}`}))`.execute(trx);
}

/** The buyer's entries in the order they were added. */
export function listCartEntries(db: Db, buyerId: string): Promise<CartEntryRow[]> {
  return db.selectFrom('cart_entries').select(COLUMNS).where('buyer_id', '=', buyerId).orderBy('seq').execute();
}

/** What the cart page is made of, read at once: the buyer's entries, their suppliers' terms and the buyer's term choices. */
export interface CartParts {
  rows: CartEntryRow[];
  /** Only the suppliers (of those in the cart) that set their terms. */
  terms: Array<Pick<SupplierTermsRow, 'supplier_id' | 'minimum_order_quantity' | 'payment_terms'>>;
  /** supplier id → the term the buyer chose for it. */
  choices: Map<string, string>;
}

type JsonEntry = Omit<CartEntryRow, 'added_at' | 'updated_at'> & { added_at: string; updated_at: string };

/** The buyer's cart in one statement (entries in the order they were added). */
export async function readCartParts(db: Db, buyerId: string): Promise<CartParts> {
  const { rows } = await sql<{ entries: JsonEntry[]; terms: CartParts['terms']; choices: Array<{ supplier_id: string; term: string }> }>`
    with entries as (
      select ${sql.join(COLUMNS.map((c) => sql.ref(c)))}, seq from cart_entries where buyer_id = ${buyerId}
    )
    select
      (select coalesce(json_agg(e order by e.seq), '[]'::json) from entries e) as entries,
      (select coalesce(json_agg(json_build_object('supplier_id', t.supplier_id, 'minimum_order_quantity', t.minimum_order_quantity, 'payment_terms', t.payment_terms)), '[]'::json)
         from supplier_terms t where t.supplier_id in (select supplier_id from entries)) as terms,
      (select coalesce(json_agg(json_build_object('supplier_id', c.supplier_id, 'term', c.term)), '[]'::json)
         from payment_term_choices c where c.buyer_id = ${buyerId}) as choices
  `.execute(db);
  const parts = rows[0];
  if (!parts) throw new Error('the cart read answered no row');
  return {
    rows: parts.entries.map((e) => ({
      id: e.id, buyer_id: e.buyer_id, listing_id: e.listing_id, supplier_id: e.supplier_id, package_index: e.package_index,
      quantity: e.quantity, delivery_method: e.delivery_method, added_at: new Date(e.added_at), updated_at: new Date(e.updated_at),
    })),
    terms: parts.terms,
    choices: new Map(parts.choices.map((c) => [c.supplier_id, c.term])),
  };
}

export function findCartEntry(db: Db, buyerId: string, id: string): Promise<CartEntryRow | undefined> {
  return db.selectFrom('cart_entries').select(COLUMNS).where('buyer_id', '=', buyerId).where('id', '=', id).executeTakeFirst();
}

/** The entry of that listing, package and delivery method, if the buyer has one. */
export function findCartLine(db: Db, buyerId: string, line: Pick<CartEntryRow, 'listing_id' | 'package_index' | 'delivery_method'>): Promise<CartEntryRow | undefined> {
  return db
    .selectFrom('cart_entries')
    .select(COLUMNS)
    .where('buyer_id', '=', buyerId)
    .where('listing_id', '=', line.listing_id)
    .where('package_index', '=', line.package_index)
    .where('delivery_method', '=', line.delivery_method)
    .executeTakeFirst();
}

/** The sum of the buyer's quantities of one listing (every package and delivery method), without `exceptId`. */
export async function listingQuantityInCart(db: Db, buyerId: string, listingId: string, exceptId?: string): Promise<number> {
  let q = db.selectFrom('cart_entries').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('total')).where('buyer_id', '=', buyerId).where('listing_id', '=', listingId);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function countCartEntries(db: Db, buyerId: string): Promise<number> {
  const row = await db.selectFrom('cart_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('buyer_id', '=', buyerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds the entry, or its quantity to the buyer's entry of the same listing, package and delivery method; the entry's id. */
export async function addCartEntry(trx: Trx, entry: NewCartEntry): Promise<string> {
  const { now, ...row } = entry;
  const saved = await trx
    .insertInto('cart_entries')
    .values({ ...row, added_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.constraint('cart_entries_one_per_line').doUpdateSet((eb) => ({ quantity: eb('cart_entries.quantity', '+', eb.ref('excluded.quantity')), updated_at: now })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

export async function changeCartEntry(trx: Trx, buyerId: string, id: string, change: { quantity: number; delivery_method: CartEntryRow['delivery_method']; now: Date }): Promise<void> {
  await trx
    .updateTable('cart_entries')
    .set({ quantity: change.quantity, delivery_method: change.delivery_method, updated_at: change.now })
    .where('buyer_id', '=', buyerId)
    .where('id', '=', id)
    .execute();
}

/** Removes one of the buyer's entries; false when the buyer has no such entry. */
export async function deleteCartEntry(db: Db, buyerId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('cart_entries').where('buyer_id', '=', buyerId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Take `quantity` off each entry (the part a checkout bought); entries left with none are removed. */
export async function takeFromCartEntries(trx: Trx, buyerId: string, lines: ReadonlyArray<{ id: string; quantity: number }>, now: Date): Promise<void> {
  if (lines.length === 0) return;
  // One statement for every line: the delete and the update match disjoint rows (quantity <= bought, > bought).
  await sql`
    with bought as (select * from unnest(${lines.map((l) => l.id)}::uuid[], ${lines.map((l) => l.quantity)}::int[]) as b(id, quantity)),
    emptied as (
      delete from cart_entries c using bought b where c.buyer_id = ${buyerId} and c.id = b.id and c.quantity <= b.quantity returning c.id
    )
    update cart_entries c set quantity = c.quantity - b.quantity, updated_at = ${now}
    from bought b where c.buyer_id = ${buyerId} and c.id = b.id and c.quantity > b.quantity
  `.execute(trx);
}

/** Removes those of `ids` that are the buyer's entries (checked out); the number removed. */
export async function deleteCartEntries(db: Db, buyerId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db.deleteFrom('cart_entries').where('buyer_id', '=', buyerId).where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function deleteCart(db: Db, buyerId: string): Promise<void> {
  await db.deleteFrom('cart_entries').where('buyer_id', '=', buyerId).execute();
}

/** Does the buyer's cart hold anything of that supplier? */
export async function supplierInCart(db: Db, buyerId: string, supplierId: string): Promise<boolean> {
  const row = await db.selectFrom('cart_entries').select('id').where('buyer_id', '=', buyerId).where('supplier_id', '=', supplierId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Have a checkout's lines been taken already (by orders' call or an event)? One read, no transaction. */
export async function checkoutTaken(db: Db, checkoutId: string): Promise<boolean> {
  const row = await db.selectFrom('checkout_takes').select('checkout_id').where('checkout_id', '=', checkoutId).executeTakeFirst();
  return row !== undefined;
}

/** Marks a checkout's lines as taken; false when they were already (its placement or its purchase came first). */
export async function claimCheckoutTake(trx: Trx, checkoutId: string, now: Date): Promise<boolean> {
  const out = await trx.insertInto('checkout_takes').values({ checkout_id: checkoutId, taken_at: now }).onConflict((oc) => oc.column('checkout_id').doNothing()).returning('checkout_id').executeTakeFirst();
  return out !== undefined;
}
