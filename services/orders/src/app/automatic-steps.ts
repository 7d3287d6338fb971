import { AppError, enqueueEvent, withTransaction } from '@caskade/kit';
import { findOrder } from '../db/orders';
import { takeFiring, type TimerRow } from '../db/timers';
import { REMINDERS, REMINDER_KINDS, stateGroupOf, type ReminderKind } from '../domain/after-purchase';
import { timersFrom } from '../domain/processes';
import { OrderReminder } from '../events/registry';
import type { OrdersDeps } from './deps';
import { runTransition } from './run-transition';

/**
 * A timer of the process came due: run the system transition it stands for, if the order still
 * waits in the state that armed it. Fired again (a replica that died after the transition), the
 * order has moved on and nothing happens.
 */
export async function fireTransition(deps: OrdersDeps, orderId: string, timerKind: string): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (!order) return;
  const def = timersFrom(order.process_name, order.state).find((tr) => tr.timer === timerKind);
  if (!def) return;
  try {
    await runTransition(deps, order, { def, actor: 'system', actorId: '' });
  } catch (err) {
    // Someone moved the order in the same instant: their transition stands.
    if (err instanceof AppError && err.code === 'transaction-invalid-transition') return;
    throw err;
  }
}

/** The state group a reminder is still worth sending in. */
const STILL_DUE: Readonly<Record<ReminderKind, (state: string, paymentStatus: string) => boolean>> = {
  orderReceivedReminder: (state) => stateGroupOf(state) === 'delivered',
  expireShippingTime: (state) => stateGroupOf(state) === 'purchased',
  dueDate: (state, paymentStatus) => !['canceled', 'payment-expired', ''].includes(stateGroupOf(state)) && paymentStatus === 'pending',
};

/** A reminder came due: tell whom it is for, if the step it warns of is still ahead. */
export async function sendReminder(deps: OrdersDeps, timer: Pick<TimerRow, 'id' | 'subject_id' | 'due_at'>, kind: string): Promise<void> {
  if (!(REMINDER_KINDS as readonly string[]).includes(kind)) return;
  const reminder = kind as ReminderKind;
  const order = await findOrder(deps.db, timer.subject_id);
  if (!order || !STILL_DUE[reminder](order.state, order.payment_status)) return;
  const dueAt = new Date(new Date(timer.due_at).getTime() + REMINDERS[reminder].leadMs);
  // The timer is marked fired with the event, so a reminder is sent once even when a slow replica's
  // lease ran out and another fired it meanwhile, or the process died between the two.
  const sent = await withTransaction(deps.db, async (trx) => {
    if (!(await takeFiring(trx, timer, deps.now()))) return false;
    await enqueueEvent(trx, OrderReminder, {
      aggregateId: order.id,
      data: {
        orderId: order.id, orderNumber: order.order_number, customerId: order.buyer_id, providerId: order.supplier_id, kind: reminder,
        recipientRole: REMINDERS[reminder].to, dueAt: dueAt.toISOString(), payinTotalCents: order.payin_total_cents,
      },
    });
    return true;
  });
  if (sent) deps.eventsWritten();
}
