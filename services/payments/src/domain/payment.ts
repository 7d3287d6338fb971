/**
 * A payment's process as data: its statuses, the transitions between them, and what can never be
 * charged again. The use cases, the sandbox and the webhook handler all read this one table.
 */

/** Stripe's PaymentIntent statuses that Caskade uses, plus awaiting_transfer for bank transfers. */
export const PAYMENT_STATUSES = ['requires_payment_method', 'requires_action', 'processing', 'awaiting_transfer', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const isPaymentStatus = (value: string): value is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(value);

export const METHOD_TYPES = ['card', 'au_becs_debit', 'bank_transfer'] as const;
export type MethodType = (typeof METHOD_TYPES)[number];
/** What can be saved as a payment method. */
export type SavedMethodType = Exclude<MethodType, 'bank_transfer'>;

/** Why a status changes. */
export type PaymentTrigger = 'attempt' | 'authenticate' | 'settle' | 'cancel' | 'transfer-received' | 'provider';

export interface PaymentTransition {
  from: PaymentStatus;
  to: PaymentStatus;
  via: PaymentTrigger;
}

/**
 * Every allowed status change. A failed payment (requires_payment_method) may be attempted again,
 * with the same result possible (declined again). succeeded and canceled are final; refunds do not
 * change the status (refunded_cents grows instead).
 */
export const PAYMENT_TRANSITIONS: readonly PaymentTransition[] = [
  ...(['requires_payment_method', 'requires_action', 'processing', 'awaiting_transfer', 'succeeded'] as const).map((to) => ({ from: 'requires_payment_method' as const, to, via: 'attempt' as const })),
  { from: 'requires_payment_method', to: 'canceled', via: 'cancel' },
  { from: 'requires_action', to: 'succeeded', via: 'authenticate' },
  { from: 'requires_action', to: 'processing', via: 'authenticate' },
  { from: 'requires_action', to: 'requires_payment_method', via: 'authenticate' },
  { from: 'requires_action', to: 'canceled', via: 'cancel' },
  // The buyer gave up on the challenge and pays another way: the open intent is canceled first (ADR 079).
  ...(['requires_payment_method', 'requires_action', 'processing', 'awaiting_transfer', 'succeeded'] as const).map((to) => ({ from: 'requires_action' as const, to, via: 'attempt' as const })),
  { from: 'processing', to: 'succeeded', via: 'settle' },
  { from: 'processing', to: 'requires_payment_method', via: 'settle' },
  { from: 'awaiting_transfer', to: 'succeeded', via: 'transfer-received' },
  { from: 'awaiting_transfer', to: 'canceled', via: 'cancel' },
];

/** Whether `from → to` is in the table (optionally through `via`). */
export function allowed(from: PaymentStatus, to: PaymentStatus, via?: PaymentTrigger): boolean {
  return PAYMENT_TRANSITIONS.some((t) => t.from === from && t.to === to && (via === undefined || t.via === via));
}

/**
 * Statuses whose money is moving or settled, or that were given up: a payment in one of them is never
 * charged again — a replayed CreatePayment or a RetryPayment answers it unchanged
 * (requires_capture is Stripe's; Caskade captures at once but the rule names it all the same).
 */
export const NEVER_CHARGE_AGAIN: readonly string[] = ['processing', 'requires_capture', 'canceled', 'succeeded'];
export const neverChargeAgain = (status: string): boolean => NEVER_CHARGE_AGAIN.includes(status);

/** Final statuses: nothing moves a payment out of them. */
export const isFinal = (status: PaymentStatus): boolean => !PAYMENT_TRANSITIONS.some((t) => t.from === status);

/** A payment may be canceled unless its money has moved or is moving. */
export const cancelable = (status: PaymentStatus): boolean => allowed(status, 'canceled', 'cancel');

/** The part of a succeeded payment still refundable. */
export const refundableCents = (amountCents: number, refundedCents: number): number => Math.max(0, amountCents - refundedCents);

/** The bank transfer reference the buyer quotes: the caller's (order numbers) or one from the payment id, at most 18 characters (BECS). */
export function bankTransferReference(paymentId: string, reference: string): string {
  const given = reference.trim().toUpperCase().replace(/[^A-Z0-9 -]/g, '');
  if (given.length > 0) return given.slice(0, 18);
  return `CSK-${paymentId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 10).toUpperCase()}`;
}
