import { defineConsumer } from '@caskade/kit';
import { PasswordResetRequested, VerificationRequested } from '@caskade/identity/events';
import { OrderTransitioned } from '@caskade/orders/events';

/** Notifications publishes no events yet; what it consumes (handlers beside this file). */
export const EmailConsumer = defineConsumer('notifications-emails', [VerificationRequested, PasswordResetRequested]);

/** The buyer's and the supplier's order emails (domain/order-emails.ts says which). */
export const OrderEmailConsumer = defineConsumer('notifications-order-emails', [OrderTransitioned]);

export const NOTIFICATIONS_CONSUMERS = [EmailConsumer, OrderEmailConsumer] as const;
