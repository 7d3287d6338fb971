/**
 * The timers an order's state arms (docs/decisions/044): each automatic transition out of the state
 * after its duration, and the reminders that warn of them; leaving the state disarms them. Rows in
 * order_timers, written in the transaction that moves the order.
 */
import type { Transaction } from 'kysely';
import type { OrdersDB } from '../db/schema';
import type { OrderRow } from '../db/orders';
import { cancelTimer, scheduleTimer } from '../db/timers';
import { REMINDERS, REMINDER_KINDS, type ReminderKind } from '../domain/after-purchase';
import { timersFrom, type TimerKind } from '../domain/processes';

/** Timer rows: `t:<timer kind>` runs the transition, `r:<reminder kind>` sends the reminder. */
export const TRANSITION_TIMER_PREFIX = 't:';
export const REMINDER_TIMER_PREFIX = 'r:';

export type TimerDurations = Readonly<Record<Exclude<TimerKind, 'expirePayment'>, number>>;

function remindersBefore(kind: TimerKind): ReminderKind[] {
  return REMINDER_KINDS.filter((r) => REMINDERS[r].before === kind);
}

/** Arm what `row`'s (new) state waits for; a self-transition arms nothing, so it runs once. */
export async function armTimers(trx: Transaction<OrdersDB>, row: OrderRow, from: string, now: Date, durations: TimerDurations): Promise<void> {
  if (from === row.state) return;
  for (const tr of timersFrom(row.process_name, row.state)) {
    const kind = tr.timer;
    if (!kind || kind === 'expirePayment') continue;
    const due = new Date(now.getTime() + durations[kind]);
    await scheduleTimer(trx, `${TRANSITION_TIMER_PREFIX}${kind}`, row.id, due);
    for (const r of remindersBefore(kind)) {
      const at = due.getTime() - REMINDERS[r].leadMs;
      if (at > now.getTime()) await scheduleTimer(trx, `${REMINDER_TIMER_PREFIX}${r}`, row.id, new Date(at));
    }
  }
}

/** A term order: remind the buyer before its due date. */
export async function armDueDateReminder(trx: Transaction<OrdersDB>, orderId: string, dueAt: Date, now: Date): Promise<void> {
  const at = dueAt.getTime() - REMINDERS.dueDate.leadMs;
  if (at > now.getTime()) await scheduleTimer(trx, `${REMINDER_TIMER_PREFIX}dueDate`, orderId, new Date(at));
}

/** Disarm what the state the order left was waiting for. */
export async function disarmTimers(trx: Transaction<OrdersDB>, order: Pick<OrderRow, 'id' | 'process_name'>, leftState: string, now: Date): Promise<void> {
  for (const tr of timersFrom(order.process_name, leftState)) {
    const kind = tr.timer;
    if (!kind || kind === 'expirePayment') continue;
    await cancelTimer(trx, `${TRANSITION_TIMER_PREFIX}${kind}`, order.id, now);
    for (const r of remindersBefore(kind)) await cancelTimer(trx, `${REMINDER_TIMER_PREFIX}${r}`, order.id, now);
  }
}
