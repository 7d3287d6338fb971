/**
 * The reservations repository: every statement on stock_reservations (units held for a checkout:
 * reserved, then committed or released).
 */
import { sql, type Selectable } from 'kysely';
import type { Db, ReservationLineRecord, StockReservationsTable, Trx } from './schema';

export type ReservationRow = Selectable<StockReservationsTable>;

/**
 * Inserts a reservation unless its id is taken; undefined when it was. A concurrent insert of the
 * same id waits on it, then finds the first one.
 */
export function claimReservation(
  trx: Trx,
  reservation: { id: string; lines: ReservationLineRecord[]; ownerId: string | null; expiresAt: Date },
): Promise<ReservationRow | undefined> {
  return trx
    .insertInto('stock_reservations')
    .values({ id: reservation.id, state: 'reserved', lines: JSON.stringify(reservation.lines), owner_id: reservation.ownerId, expires_at: reservation.expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * A release that came before its reserve (the reserve timed out for the caller but was still on its
 * way): a released reservation with no lines, so the late reserve finds the id released and takes
 * nothing. Undefined when the id exists (a concurrent reserve committed first: the caller locks and
 * releases that one).
 */
export function insertReleasedMarker(trx: Trx, id: string, ownerId: string | null, now: Date): Promise<ReservationRow | undefined> {
  return trx
    .insertInto('stock_reservations')
    .values({ id, state: 'released', lines: JSON.stringify([]), owner_id: ownerId, expires_at: null, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * A reserved reservation held longer: its expiry moves to `expiresAt` when that is later (never
 * earlier). Undefined when it is no longer reserved (committed or released meanwhile).
 */
export function extendReservation(trx: Trx, id: string, expiresAt: Date, now: Date): Promise<ReservationRow | undefined> {
  return trx
    .updateTable('stock_reservations')
    .set({ expires_at: sql<Date>`greatest(expires_at, ${expiresAt})`, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'reserved')
    .returningAll()
    .executeTakeFirst();
}

export function findReservation(db: Db, id: string): Promise<ReservationRow | undefined> {
  return db.selectFrom('stock_reservations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The reservation, locked for the rest of the transaction. */
export function findReservationForUpdate(trx: Trx, id: string): Promise<ReservationRow | undefined> {
  return trx.selectFrom('stock_reservations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Reserved → committed: the units stay taken and it no longer expires. */
export function markCommitted(trx: Trx, id: string, now: Date): Promise<ReservationRow> {
  return trx
    .updateTable('stock_reservations')
    .set({ state: 'committed', expires_at: null, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'reserved')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Reserved → committed in one statement when the reservation is still reserved and `ownerId`'s
 * (the checkout's common case); undefined otherwise (committed already, released, another owner's
 * or none: the caller looks under the row lock). A concurrent release holds the row lock, so this
 * waits for it and then finds the reservation no longer reserved.
 */
export function commitIfReserved(db: Db, id: string, ownerId: string | null, now: Date): Promise<ReservationRow | undefined> {
  return db
    .updateTable('stock_reservations')
    .set({ state: 'committed', expires_at: null, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'reserved')
    .where(sql<boolean>`owner_id is not distinct from ${ownerId}`)
    .returningAll()
    .executeTakeFirst();
}

export function markReleased(trx: Trx, id: string, now: Date): Promise<ReservationRow> {
  return trx
    .updateTable('stock_reservations')
    .set({ state: 'released', expires_at: null, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ids of up to `batch` reservations still reserved and due by `now`, the longest overdue first. */
export async function dueReservationIds(db: Db, now: Date, batch: number): Promise<string[]> {
  const rows = await db.selectFrom('stock_reservations').select('id').where('state', '=', 'reserved').where('expires_at', '<=', now).orderBy('expires_at').limit(batch).execute();
  return rows.map((r) => r.id);
}

/** The reservation locked when it is still reserved and due; undefined when another replica holds it or it changed. */
export function claimDueReservation(trx: Trx, id: string, now: Date): Promise<ReservationRow | undefined> {
  return trx
    .selectFrom('stock_reservations')
    .selectAll()
    .where('id', '=', id)
    .where('state', '=', 'reserved')
    .where('expires_at', '<=', now)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Moves a still reserved reservation's expiry to `until`. */
export async function postponeReservation(db: Db, id: string, until: Date, now: Date): Promise<void> {
  await db.updateTable('stock_reservations').set({ expires_at: until, updated_at: now }).where('id', '=', id).where('state', '=', 'reserved').execute();
}

/** Units of the listing held by reservations that may still be released (reserved or committed). */
export async function heldUnits(trx: Trx, listingId: string): Promise<number> {
  const out = await sql<{ held: number | string | null }>`
    select coalesce(sum((line->>'quantity')::bigint), 0) as held
    from stock_reservations r, jsonb_array_elements(r.lines) line
    where r.state in ('reserved', 'committed') and r.lines @> ${JSON.stringify([{ listingId }])}::jsonb and line->>'listingId' = ${listingId}
  `.execute(trx);
  return Number(out.rows[0]?.held ?? 0);
}
