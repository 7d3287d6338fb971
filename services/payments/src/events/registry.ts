import { defineEvent } from '@caskade/kit';
import { paymentsEvents } from '@caskade/proto';

/** Payments' events: each subject is written here once (docs/events.md lists them). */
export const PaymentStatusChanged = defineEvent('payments.payment.status_changed', paymentsEvents.PaymentStatusChanged);
export const PaymentRefunded = defineEvent('payments.payment.refunded', paymentsEvents.PaymentRefunded);

export const PAYMENTS_EVENTS = [PaymentStatusChanged, PaymentRefunded] as const;

/** Payments consumes no events (yet). */
export const PAYMENTS_CONSUMERS = [] as const;
