/**
 * Every statement on order_timers: rows with a due time, claimed with a lease under FOR UPDATE
 * SKIP LOCKED, so any number of replicas run the timers and each fires once; a replica that dies
 * mid-fire leaves its lease to run out and another fires it again (the handlers are idempotent).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { OrderTimersTable } from './schema';
import type { Db } from './checkouts';

export type TimerRow = Selectable<OrderTimersTable>;

export async function scheduleTimer(db: Db, kind: string, subjectId: string, dueAt: Date): Promise<void> {
  await db
    .insertInto('order_timers')
    .values({ id: randomUUID(), kind, subject_id: subjectId, due_at: dueAt })
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doUpdateSet({ due_at: dueAt, fired_at: null, lease_until: null }))
    .execute();
}

/** Take up to `batch` due timers for `leaseMs`. */
export async function claimDueTimers(db: Db, now: Date, leaseMs: number, batch: number): Promise<TimerRow[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const { rows } = await sql<TimerRow>`
    update order_timers set lease_until = ${leaseUntil}, attempts = attempts + 1
    where id in (
      select id from order_timers
      where fired_at is null and due_at <= ${now} and (lease_until is null or lease_until < ${now})
      order by due_at limit ${batch}
      for update skip locked)
    returning *`.execute(db);
  return rows;
}

export async function markFired(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('order_timers').set({ fired_at: now, lease_until: null }).where('id', '=', id).execute();
}

/** A timer whose work is done early (a payment confirmed before it expired): it never fires. */
export async function cancelTimer(db: Db, kind: string, subjectId: string, now: Date): Promise<void> {
  await db.updateTable('order_timers').set({ fired_at: now, lease_until: null }).where('kind', '=', kind).where('subject_id', '=', subjectId).where('fired_at', 'is', null).execute();
}

/**
 * Mark a claimed timer fired, in the transaction that does its work, unless it fired already or was
 * armed again meanwhile (another due time): true when this caller may do the work. A replica whose
 * lease ran out while it was slow and the one that took the timer over cannot both do it.
 */
export async function takeFiring(db: Db, timer: Pick<TimerRow, 'id' | 'due_at'>, now: Date): Promise<boolean> {
  const taken = await db.updateTable('order_timers').set({ fired_at: now, lease_until: null })
    .where('id', '=', timer.id).where('fired_at', 'is', null).where('due_at', '=', new Date(timer.due_at))
    .returning('id').executeTakeFirst();
  return taken !== undefined;
}

export async function postponeTimer(db: Db, id: string, dueAt: Date): Promise<void> {
  await db.updateTable('order_timers').set({ due_at: dueAt, lease_until: null }).where('id', '=', id).execute();
}
