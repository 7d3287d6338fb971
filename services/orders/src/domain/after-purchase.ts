/**
 * What happens after purchase, as rules read by the server, the timers and the web alike: which
 * transitions a person runs (the rest are the checkout's or the timers'), what each one means
 * (deliver, receive, dispute, cancel, complete), what it asks for (a dispute's reason, a
 * settlement's refund), how long each automatic step waits and when a reminder goes out before it.
 * Durations are docs/decisions/044; each is configurable in the orders service's environment.
 */
import { PROCESS_STEPS, PROCESSES, type Actor, type ProcessName, type TimerKind, type TransitionDef } from './processes';
import { PAYMENT_WINDOW_MS } from './terms';

const DAY = 24 * 60 * 60 * 1000;

/** How long a state lasts before its automatic transition runs (defaults; the service's env may change them). */
export const TIMER_DURATIONS_MS: Readonly<Record<TimerKind, number>> = {
  expirePayment: PAYMENT_WINDOW_MS,
  // Purchased and not delivered within 14 days: canceled, stock back, refunded in full.
  expireShippingTime: 14 * DAY,
  // Delivered and neither received nor disputed within 7 days: received.
  autoMarkReceived: 7 * DAY,
  // Disputed and not settled within 14 days: canceled with a full refund (the buyer is not left waiting).
  autoCancelFromDisputed: 14 * DAY,
  // Received: completed (and the supplier paid out) 2 days later.
  autoComplete: 2 * DAY,
  // Completed: reviews may be written for 14 more days.
  expireReviewPeriod: 14 * DAY,
};

/** Reminders (notification kinds of product-spec §3): sent `leadMs` before the timer they warn of, or before a term's due date. */
export const REMINDER_KINDS = ['orderReceivedReminder', 'expireShippingTime', 'dueDate'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDERS: Readonly<Record<ReminderKind, { before: TimerKind | 'dueDate'; leadMs: number; to: 'customer' | 'provider' }>> = {
  // The buyer: "confirm receipt or dispute" two days before it is marked received for them.
  orderReceivedReminder: { before: 'autoMarkReceived', leadMs: 2 * DAY, to: 'customer' },
  // The supplier: "deliver it" two days before an undelivered order is canceled.
  expireShippingTime: { before: 'expireShippingTime', leadMs: 2 * DAY, to: 'provider' },
  // The buyer: a term order is charged in three days.
  dueDate: { before: 'dueDate', leadMs: 3 * DAY, to: 'customer' },
};

/** What a transition means, read from the state it reaches. */
export type TransitionEffect = 'purchase' | 'deliver' | 'receive' | 'dispute' | 'cancel' | 'complete' | 'payment-ended' | 'other';

export function transitionEffect(def: Pick<TransitionDef, 'from' | 'to'>): TransitionEffect {
  const to = def.to;
  if (to.startsWith('payment-expired') || to === 'canceled-payment' || (to.startsWith('canceled') && def.from.startsWith('pending-payment'))) return 'payment-ended';
  if (to.startsWith('purchased')) return 'purchase';
  if (to.startsWith('delivered')) return 'deliver';
  if (to.startsWith('disputed')) return 'dispute';
  if (to.startsWith('received')) return 'receive';
  if (to.startsWith('canceled')) return 'cancel';
  if (to.startsWith('completed') && def.from !== to) return 'complete';
  return 'other';
}

/** A dispute needs the buyer's reason (product-spec §5). */
export const DISPUTE_REASON_MAX = 2000;
export const needsDisputeReason = (def: Pick<TransitionDef, 'from' | 'to'>): boolean => transitionEffect(def) === 'dispute';

/** Settling a dispute by canceling: the operator or the supplier may refund only part of the order. */
export const allowsPartialRefund = (def: Pick<TransitionDef, 'from' | 'to'>, actor: Actor): boolean =>
  transitionEffect(def) === 'cancel' && def.from.startsWith('disputed') && (actor === 'operator' || actor === 'provider');

/** Transitions run by the checkout (or by the payment's arrival), never from the order's page. */
const CHECKOUT_STEPS = new Set<string>(Object.values(PROCESS_STEPS).flatMap((s) => [s.requestPayment, s.confirmPayment, s.expirePayment, ...(s.requestDelayedPayment ? [s.requestDelayedPayment] : [])]));

/** The operator's payment steps: confirm a bank transfer, or cancel the pending payment (the checkout ends). */
export const PAYMENT_STEPS = new Set<string>(Object.values(PROCESS_STEPS).flatMap((s) => [s.operatorConfirmPayment, s.operatorCancelPayment]));

/**
 * May a person run this transition from an order's page? Everything a customer, provider or
 * operator may run once the order exists — not the checkout's own steps, not the enquiry's start.
 */
export function isPersonRunnable(def: TransitionDef): boolean {
  return def.from !== 'initial' && !CHECKOUT_STEPS.has(def.name) && def.actors.some((a) => a !== 'system') && def.name !== 'request-payment-after-enquiry';
}

/** Every transition a person may run in a process (the web's wording table covers exactly these). */
export const personRunnableTransitions = (process: ProcessName): string[] => [...new Set(PROCESSES[process].transitions.filter(isPersonRunnable).map((t) => t.name))];

/** The orders' state groups the lists filter by (the web offers these, not a hand list). */
export const ORDER_STATE_GROUPS = ['pending-payment', 'purchased', 'delivered', 'disputed', 'received', 'completed', 'canceled', 'payment-expired'] as const;
export type OrderStateGroup = (typeof ORDER_STATE_GROUPS)[number];

/** The states of every process that a group stands for (`canceled` also holds canceled payments). */
export function statesOfGroup(group: OrderStateGroup): string[] {
  const all = new Set(Object.values(PROCESSES).flatMap((p) => p.states));
  return [...all].filter((s) => s === group || s.startsWith(`${group}-`) || (group === 'canceled' && s === 'canceled-payment'));
}

/** The group a state belongs to ('' for initial and enquiry). */
export function stateGroupOf(state: string): OrderStateGroup | '' {
  return ORDER_STATE_GROUPS.find((g) => statesOfGroup(g).includes(state)) ?? '';
}
