import type { OrderRow } from '../db/orders';
import { isPersonRunnable, PAYMENT_STEPS } from '../domain/after-purchase';
import { PROCESS_STEPS, PROCESSES, type Actor } from '../domain/processes';
import { PAY_NOW, payNowAllowed } from '../domain/terms';

const CONFIRMS = new Set<string>(Object.values(PROCESS_STEPS).map((s) => s.operatorConfirmPayment));

/** The operator confirms only a bank transfer that is awaited: a card or debit confirms itself. */
export const confirmable = (order: Pick<OrderRow, 'payment_status'>, name: string): boolean => !CONFIRMS.has(name) || order.payment_status === 'awaiting_transfer';

/** Runnable from an order's page: the process's person-run transitions, and the operator's payment steps. */
export const isRunnable = (name: string, def: Parameters<typeof isPersonRunnable>[0]): boolean => PAYMENT_STEPS.has(name) || isPersonRunnable(def);

/** What the caller may do with the order now: the transitions of its process it may run, and Pay now after a failed term charge. */
export function callerActions(order: OrderRow, viewer: Actor): string[] {
  const actions = PROCESSES[order.process_name].transitions
    .filter((tr) => tr.from === order.state && tr.actors.includes(viewer) && isRunnable(tr.name, tr) && confirmable(order, tr.name))
    .map((tr) => tr.name);
  if (payNowAllowed({ paymentTerm: order.payment_term, state: order.state, paymentStatus: order.payment_status }, viewer)) actions.push(PAY_NOW);
  return actions;
}
