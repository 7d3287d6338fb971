import { defineEvent } from '@caskade/kit';
import { paymentsEvents } from '@caskade/proto';

/**
 * Payments' events (`@caskade/payments/events`): each subject is written here once, apart from the
 * consumers in registry.ts, because orders consumes these and payments consumes orders' events —
 * one module holding both would import itself in a cycle (docs/decisions/046).
 */
export const PaymentStatusChanged = defineEvent('payments.payment.status_changed', paymentsEvents.PaymentStatusChanged);
export const PaymentRefunded = defineEvent('payments.payment.refunded', paymentsEvents.PaymentRefunded);

export const PAYMENTS_EVENTS = [PaymentStatusChanged, PaymentRefunded] as const;
