/**
 * Both transaction processes of product-spec §4, as data: every transition with the states it
 * goes from and to, who may run it and the timer that runs it automatically. The server's guard
 * (`transitionFor`), the timers and the web's buttons (`allowedTransitions`, answered by the API)
 * all read these tables — nothing else in the system knows the processes.
 */
export const ACTORS = ['customer', 'provider', 'operator', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

export const PROCESS_NAMES = ['release-1', 'multi-vendor'] as const;
export type ProcessName = (typeof PROCESS_NAMES)[number];

/** Timers of the processes (their durations are in TIMER_DURATIONS_MS). */
export const TIMER_KINDS = ['expirePayment', 'expireShippingTime', 'autoMarkReceived', 'autoCancelFromDisputed', 'autoComplete', 'expireReviewPeriod'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

export interface TransitionDef {
  name: string;
  from: string;
  to: string;
  actors: readonly Actor[];
  /** The timer that runs it when its state has lasted long enough (system transitions). */
  timer?: TimerKind;
}

export interface ProcessDef {
  name: ProcessName;
  initial: string;
  states: readonly string[];
  /** States with nothing left to do. */
  final: readonly string[];
  transitions: readonly TransitionDef[];
}

const t = (name: string, from: string, to: string, actors: readonly Actor[], timer?: TimerKind): TransitionDef => ({ name, from, to, actors, ...(timer ? { timer } : {}) });
const C = ['customer'] as const;
const P = ['provider'] as const;
const O = ['operator'] as const;
const S = ['system'] as const;

/** The standard process (release-1), with its enquiry and delayed-payment (payment terms) branches. */
export const STANDARD_PROCESS: ProcessDef = {
  name: 'release-1',
  initial: 'initial',
  states: [
    'initial', 'enquiry', 'pending-payment', 'payment-expired', 'canceled-payment', 'purchased', 'delivered', 'disputed', 'received', 'canceled', 'completed',
    'purchased-delayed-payment', 'delivered-delayed-payment', 'disputed-delayed-payment', 'received-delayed-payment', 'canceled-delayed-payment',
  ],
  final: ['payment-expired', 'canceled-payment', 'canceled', 'canceled-delayed-payment', 'completed'],
  transitions: [
    t('enquire', 'initial', 'enquiry', C),
    t('request-payment', 'initial', 'pending-payment', C),
    t('request-delayed-payment', 'initial', 'purchased-delayed-payment', C),
    t('request-payment-after-enquiry', 'enquiry', 'pending-payment', C),
    t('expire-payment', 'pending-payment', 'payment-expired', S, 'expirePayment'),
    t('confirm-payment', 'pending-payment', 'purchased', S),
    t('operator-confirm-payment', 'pending-payment', 'purchased', O),
    t('operator-cancel-payment', 'pending-payment', 'canceled-payment', O),
    t('mark-delivered', 'purchased', 'delivered', P),
    t('mark-received-from-purchased', 'purchased', 'received', C),
    t('operator-mark-delivered', 'purchased', 'received', O),
    t('auto-cancel', 'purchased', 'canceled', S, 'expireShippingTime'),
    t('cancel', 'purchased', 'canceled', O),
    t('buyer-cancel', 'purchased', 'canceled', C),
    t('mark-received', 'delivered', 'received', C),
    t('auto-mark-received', 'delivered', 'received', S, 'autoMarkReceived'),
    t('dispute', 'delivered', 'disputed', C),
    t('auto-cancel-from-disputed', 'disputed', 'canceled', S, 'autoCancelFromDisputed'),
    t('cancel-from-disputed', 'disputed', 'canceled', O),
    t('supplier-cancel-from-disputed', 'disputed', 'canceled', P),
    t('mark-received-from-disputed', 'disputed', 'received', ['customer', 'operator']),
    t('supplier-mark-received-from-disputed', 'disputed', 'received', P),
    t('auto-complete', 'received', 'completed', S, 'autoComplete'),
    t('expire-review-period', 'completed', 'completed', S, 'expireReviewPeriod'),
    // Delayed payment (a payment term): purchased at once, charged on the due date.
    t('cancel-delayed-payment', 'purchased-delayed-payment', 'canceled-delayed-payment', O),
    t('buyer-cancel-delayed-payment', 'purchased-delayed-payment', 'canceled-delayed-payment', C),
    t('mark-delivered-delayed-payment', 'purchased-delayed-payment', 'delivered-delayed-payment', P),
    t('mark-received-from-purchased-delayed-payment', 'purchased-delayed-payment', 'received-delayed-payment', C),
    t('mark-received-delayed-payment', 'delivered-delayed-payment', 'received-delayed-payment', C),
    t('auto-mark-received-delayed-payment', 'delivered-delayed-payment', 'received-delayed-payment', S, 'autoMarkReceived'),
    t('dispute-delayed-payment', 'delivered-delayed-payment', 'disputed-delayed-payment', C),
    t('supplier-mark-received-from-disputed-delayed-payment', 'disputed-delayed-payment', 'received-delayed-payment', P),
    t('mark-received-from-disputed-delayed-payment', 'disputed-delayed-payment', 'received-delayed-payment', ['customer', 'operator']),
    t('cancel-from-disputed-delayed-payment', 'disputed-delayed-payment', 'canceled-delayed-payment', O),
    t('supplier-cancel-from-disputed-delayed-payment', 'disputed-delayed-payment', 'canceled-delayed-payment', P),
    t('auto-cancel-from-disputed-delayed-payment', 'disputed-delayed-payment', 'canceled-delayed-payment', S, 'autoCancelFromDisputed'),
    t('auto-complete-delayed-payment', 'received-delayed-payment', 'completed', S, 'autoComplete'),
  ],
};

const MV = 'transition/multi-vendor-';
const mv = (name: string) => `${MV}${name}`;

/** The multi-vendor process: one order per supplier of a cart checkout (transition names carry `transition/multi-vendor-`). */
export const MULTI_VENDOR_PROCESS: ProcessDef = {
  name: 'multi-vendor',
  initial: 'initial',
  states: [
    'initial', 'pending-payment-multi-vendor', 'purchased-multi-vendor', 'payment-expired-multi-vendor', 'canceled-multi-vendor',
    'delivered-multi-vendor', 'disputed-multi-vendor', 'received-multi-vendor', 'completed-multi-vendor',
  ],
  final: ['payment-expired-multi-vendor', 'canceled-multi-vendor', 'completed-multi-vendor'],
  transitions: [
    t(mv('request-payment'), 'initial', 'pending-payment-multi-vendor', C),
    t(mv('confirm-payment'), 'pending-payment-multi-vendor', 'purchased-multi-vendor', S),
    t(mv('operator-confirm-payment'), 'pending-payment-multi-vendor', 'purchased-multi-vendor', O),
    t(mv('expire-payment'), 'pending-payment-multi-vendor', 'payment-expired-multi-vendor', S, 'expirePayment'),
    t(mv('operator-cancel-payment'), 'pending-payment-multi-vendor', 'canceled-multi-vendor', O),
    t(mv('mark-received-from-purchased'), 'purchased-multi-vendor', 'received-multi-vendor', C),
    t(mv('mark-delivered'), 'purchased-multi-vendor', 'delivered-multi-vendor', P),
    t(mv('operator-mark-delivered'), 'purchased-multi-vendor', 'delivered-multi-vendor', O),
    t(mv('cancel'), 'purchased-multi-vendor', 'canceled-multi-vendor', O),
    t(mv('buyer-cancel'), 'purchased-multi-vendor', 'canceled-multi-vendor', C),
    t(mv('auto-cancel'), 'purchased-multi-vendor', 'canceled-multi-vendor', S, 'expireShippingTime'),
    t(mv('mark-received'), 'delivered-multi-vendor', 'received-multi-vendor', C),
    t(mv('auto-mark-received'), 'delivered-multi-vendor', 'received-multi-vendor', S, 'autoMarkReceived'),
    t(mv('dispute'), 'delivered-multi-vendor', 'disputed-multi-vendor', C),
    t(mv('mark-received-from-disputed'), 'disputed-multi-vendor', 'received-multi-vendor', ['customer', 'operator']),
    t(mv('supplier-mark-received-from-disputed'), 'disputed-multi-vendor', 'received-multi-vendor', P),
    t(mv('cancel-from-disputed'), 'disputed-multi-vendor', 'canceled-multi-vendor', O),
    t(mv('supplier-cancel-from-disputed'), 'disputed-multi-vendor', 'canceled-multi-vendor', P),
    t(mv('auto-cancel-from-disputed'), 'disputed-multi-vendor', 'canceled-multi-vendor', S, 'autoCancelFromDisputed'),
    t(mv('auto-complete'), 'received-multi-vendor', 'completed-multi-vendor', S, 'autoComplete'),
    // Beyond the spec's list: the review period ends for cart orders too, as for the standard process (ADR 044).
    t(mv('expire-review-period'), 'completed-multi-vendor', 'completed-multi-vendor', S, 'expireReviewPeriod'),
  ],
};

export const PROCESSES: Readonly<Record<ProcessName, ProcessDef>> = { 'release-1': STANDARD_PROCESS, 'multi-vendor': MULTI_VENDOR_PROCESS };

export const isProcessName = (name: string): name is ProcessName => (PROCESS_NAMES as readonly string[]).includes(name);

/** The transition named `name` from `state`, if the process has one. */
export function findTransition(process: ProcessName, state: string, name: string): TransitionDef | undefined {
  return PROCESSES[process].transitions.find((tr) => tr.name === name && tr.from === state);
}

/** What `actor` may run from `state` (the buttons the web shows; the API answers them with the order). */
export function allowedTransitions(process: ProcessName, state: string, actor: Actor): string[] {
  return PROCESSES[process].transitions.filter((tr) => tr.from === state && tr.actors.includes(actor)).map((tr) => tr.name);
}

/** May `actor` run `name` from `state`? The one guard every transition goes through. */
export function transitionFor(process: ProcessName, state: string, name: string, actor: Actor): TransitionDef | null {
  const found = findTransition(process, state, name);
  return found && found.actors.includes(actor) ? found : null;
}

/** The timers a state arms: each system transition out of it that has one. */
export function timersFrom(process: ProcessName, state: string): TransitionDef[] {
  return PROCESSES[process].transitions.filter((tr) => tr.from === state && tr.timer !== undefined);
}

/**
 * The process steps the checkout saga runs, per process: how an order starts (initial → pending
 * payment, or purchased at once on a term), how a payment confirms it, expires it and cancels it.
 */
export interface ProcessSteps {
  requestPayment: string;
  requestDelayedPayment: string | null;
  confirmPayment: string;
  operatorConfirmPayment: string;
  expirePayment: string;
  operatorCancelPayment: string;
}

export const PROCESS_STEPS: Readonly<Record<ProcessName, ProcessSteps>> = {
  'release-1': {
    requestPayment: 'request-payment', requestDelayedPayment: 'request-delayed-payment', confirmPayment: 'confirm-payment',
    operatorConfirmPayment: 'operator-confirm-payment', expirePayment: 'expire-payment', operatorCancelPayment: 'operator-cancel-payment',
  },
  'multi-vendor': {
    requestPayment: mv('request-payment'), requestDelayedPayment: null, confirmPayment: mv('confirm-payment'),
    operatorConfirmPayment: mv('operator-confirm-payment'), expirePayment: mv('expire-payment'), operatorCancelPayment: mv('operator-cancel-payment'),
  },
};

/** The state an order waits for its payment in, per process. */
export const pendingPaymentState = (process: ProcessName): string => (process === 'multi-vendor' ? 'pending-payment-multi-vendor' : 'pending-payment');

/** Is the order bought (paid, or purchased on a term), from the buyer's and supplier's point of view? */
export function isPurchasedOrLater(process: ProcessName, state: string): boolean {
  const def = PROCESSES[process];
  return state !== def.initial && state !== 'enquiry' && state !== pendingPaymentState(process) && !['payment-expired', 'canceled-payment', 'payment-expired-multi-vendor'].includes(state);
}
