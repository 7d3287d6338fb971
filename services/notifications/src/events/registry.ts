import { defineConsumer } from '@caskade/kit';
import { PasswordResetRequested, VerificationRequested } from '@caskade/identity/events';
import { OrderReminder, OrderTransitioned } from '@caskade/orders/events';

/** Notifications publishes no events yet; what it consumes (handlers beside this file). */
export const EmailConsumer = defineConsumer('notifications-emails', [VerificationRequested, PasswordResetRequested]);

/** The buyer's and the supplier's order emails (domain/order-emails.ts says which). */
export const OrderEmailConsumer = defineConsumer('notifications-order-emails', [OrderTransitioned]);

/** Reminders before an order's automatic step (orders.order.reminder): one email to whom it is for. */
export const OrderReminderConsumer = defineConsumer('notifications-order-reminders', [OrderReminder]);

export const NOTIFICATIONS_CONSUMERS = [EmailConsumer, OrderEmailConsumer, OrderReminderConsumer] as const;
