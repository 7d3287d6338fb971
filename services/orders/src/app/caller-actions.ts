import type { OrderRow } from '../db/orders';
import { allowedTransitions, PROCESS_STEPS, type Actor } from '../domain/processes';
import { PAY_NOW, payNowAllowed } from '../domain/terms';

/**
 * The transitions the server runs today, with their side effects: the operator confirms a bank
 * transfer (the checkout's payment, so every order of it) or cancels it (stock given back). The
 * process tables hold every transition; the ones after purchase (delivery, receipt, disputes,
 * cancellation with restock and refund) arrive with the orders-after-purchase work, and until
 * then the API does not offer them.
 */
export const RUNNABLE = new Set<string>(Object.values(PROCESS_STEPS).flatMap((s) => [s.operatorConfirmPayment, s.operatorCancelPayment]));

export const runnableTransitions = (names: readonly string[]): string[] => names.filter((n) => RUNNABLE.has(n));

const CONFIRMS = new Set<string>(Object.values(PROCESS_STEPS).map((s) => s.operatorConfirmPayment));

/** The operator confirms only a bank transfer that is awaited: a card or debit confirms itself. */
export const confirmable = (order: Pick<OrderRow, 'payment_status'>, name: string): boolean => !CONFIRMS.has(name) || order.payment_status === 'awaiting_transfer';

/** What the caller may do with the order now: the runnable transitions of its process, and Pay now after a failed term charge. */
export function callerActions(order: OrderRow, viewer: Actor): string[] {
  const actions = runnableTransitions(allowedTransitions(order.process_name, order.state, viewer)).filter((name) => confirmable(order, name));
  if (payNowAllowed({ paymentTerm: order.payment_term, state: order.state, paymentStatus: order.payment_status }, viewer)) actions.push(PAY_NOW);
  return actions;
}

