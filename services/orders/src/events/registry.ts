import { defineConsumer, defineEvent } from '@caskade/kit';
import { ordersEvents } from '@caskade/proto';
import { PaymentStatusChanged } from '@caskade/payments/events';

/** The orders service's events: each subject is written here once (docs/events.md lists them). */
export const OrderTransitioned = defineEvent('orders.order.transitioned', ordersEvents.OrderTransitioned);
export const CheckoutPurchased = defineEvent('orders.checkout.purchased', ordersEvents.CheckoutPurchased);
export const CheckoutPlaced = defineEvent('orders.checkout.placed', ordersEvents.CheckoutPlaced);

export const OrderReminder = defineEvent('orders.order.reminder', ordersEvents.OrderReminder);

export const ORDERS_EVENTS = [OrderTransitioned, CheckoutPurchased, CheckoutPlaced, OrderReminder] as const;

/** What orders consumes (handlers beside this file). */
export const PaymentStatusConsumer = defineConsumer('orders-payment-status', [PaymentStatusChanged]);

/** Orders' own side effects of a transition: restock and refund a canceled order (docs/decisions/044). */
export const AfterTransitionConsumer = defineConsumer('orders-after-transition', [OrderTransitioned]);

export const ORDERS_CONSUMERS = [PaymentStatusConsumer, AfterTransitionConsumer] as const;
