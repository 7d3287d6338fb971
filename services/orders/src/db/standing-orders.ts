/** Every statement on standing orders. */
import { sql, type Selectable } from 'kysely';
import type { StandingOrdersTable } from './schema';
import type { OrderLineRecord } from './records';
import type { Db } from './checkouts';

export type StandingOrderRow = Selectable<StandingOrdersTable>;

export interface NewStandingOrder {
  id: string;
  buyerId: string;
  sourceOrderId: string;
  supplierId: string;
  supplierName: string;
  lines: OrderLineRecord[];
  paymentMethodId: string;
  intervalWeeks: number;
  nextRunAt: Date;
  now: Date;
}

/** The new standing order; undefined when its order repeats already (one standing order per order). */
export async function insertStandingOrder(db: Db, s: NewStandingOrder): Promise<StandingOrderRow | undefined> {
  return db
    .insertInto('standing_orders')
    .values({
      id: s.id, buyer_id: s.buyerId, source_order_id: s.sourceOrderId, supplier_id: s.supplierId, supplier_name: s.supplierName, lines: JSON.stringify(s.lines),
      payment_method_id: s.paymentMethodId, interval_weeks: s.intervalWeeks, next_run_at: s.nextRunAt, created_at: s.now,
    })
    .onConflict((oc) => oc.column('source_order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The buyer's standing order (another buyer's is as absent as a missing one). */
export const findStandingOrder = (db: Db, id: string, buyerId: string): Promise<StandingOrderRow | undefined> =>
  db.selectFrom('standing_orders').selectAll().where('id', '=', id).where('buyer_id', '=', buyerId).executeTakeFirst();

export const standingOrdersOf = (db: Db, buyerId: string): Promise<StandingOrderRow[]> =>
  db.selectFrom('standing_orders').selectAll().where('buyer_id', '=', buyerId).orderBy('created_at', 'desc').orderBy('id').execute();

export interface ScheduleChange {
  intervalWeeks: number;
  paused: boolean;
  nextRunAt: Date;
  paymentMethodId: string;
}

/** The change, if the standing order is still at `version` (a run or another change in between wins). */
export async function changeSchedule(db: Db, row: Pick<StandingOrderRow, 'id' | 'version'>, c: ScheduleChange): Promise<StandingOrderRow | null> {
  const out = await db
    .updateTable('standing_orders')
    .set({ interval_weeks: c.intervalWeeks, paused: c.paused, next_run_at: c.nextRunAt, payment_method_id: c.paymentMethodId, version: row.version + 1 })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  return out ?? null;
}

export async function deleteStandingOrder(db: Db, id: string, buyerId: string): Promise<boolean> {
  const out = await db.deleteFrom('standing_orders').where('id', '=', id).where('buyer_id', '=', buyerId).executeTakeFirst();
  return Number(out.numDeletedRows) > 0;
}

/**
 * Claims up to `limit` standing orders with something due at `now` — a run, or the notice before
 * one — that no other replica holds, and holds them until `leaseUntil` (FOR UPDATE SKIP LOCKED).
 */
export async function claimDueStandingOrders(db: Db, now: Date, noticeLeadMs: number, leaseUntil: Date, limit: number): Promise<StandingOrderRow[]> {
  const noticeHorizon = new Date(now.getTime() + noticeLeadMs);
  const due = db
    .selectFrom('standing_orders')
    .select('id')
    .where('paused', '=', false)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .where((eb) =>
      eb.or([eb('next_run_at', '<=', now), eb.and([eb('next_run_at', '<=', noticeHorizon), eb.or([eb('notice_sent_for', 'is', null), eb('notice_sent_for', '<>', eb.ref('next_run_at'))])])]),
    )
    .orderBy('next_run_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db.updateTable('standing_orders').set({ lease_until: leaseUntil }).where('id', 'in', due).returningAll().execute();
}

/** The notice for the run at `runAt` went out (with its event, in the same transaction). */
export async function markNoticeSent(db: Db, id: string, runAt: Date): Promise<void> {
  await db.updateTable('standing_orders').set({ notice_sent_for: runAt, lease_until: null }).where('id', '=', id).where('next_run_at', '=', runAt).execute();
}

/** The run at `ranFor` is over: the next one, what it did; the lease is let go. */
export async function recordRun(db: Db, id: string, ranFor: Date, r: { nextRunAt: Date; at: Date; result: string; checkoutId: string | null }): Promise<void> {
  await db
    .updateTable('standing_orders')
    .set({ next_run_at: r.nextRunAt, last_run_at: r.at, last_result: r.result, last_checkout_id: r.checkoutId, lease_until: null, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('next_run_at', '=', ranFor)
    .execute();
}

/** A run that could not finish (a service down): try again after `retryAt`. */
export async function postponeRun(db: Db, id: string, retryAt: Date): Promise<void> {
  await db.updateTable('standing_orders').set({ lease_until: retryAt }).where('id', '=', id).execute();
}
