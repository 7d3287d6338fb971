import { defineConsumer } from '@caskade/kit';
import { OrderTransitioned } from '@caskade/orders/events';

/** Payments' events (docs/events.md lists them) are defined in published.ts, which other services import. */
export { PaymentStatusChanged, PaymentRefunded, PAYMENTS_EVENTS } from './published';

/** What payments consumes (handlers beside this file): an order's end releases or drops its supplier's transfer. */
export const OrderPayoutConsumer = defineConsumer('payments-order-payout', [OrderTransitioned]);

export const PAYMENTS_CONSUMERS = [OrderPayoutConsumer] as const;
