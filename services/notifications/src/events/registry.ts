import { defineConsumer, defineEvent } from '@caskade/kit';
import { PasswordResetRequested, VerificationRequested } from '@caskade/identity/events';
import { MessageSent } from '@caskade/messaging/events';
import { OrderReminder, OrderTransitioned } from '@caskade/orders/events';
import { notificationsEvents } from '@caskade/proto';

/** An in-app notification was made: the gateways push it to its user's open streams (the bell). */
export const NotificationCreated = defineEvent('notifications.notification.created', notificationsEvents.NotificationCreated);

export const NOTIFICATIONS_EVENTS = [NotificationCreated] as const;

/** What notifications consumes (handlers beside this file). */
export const EmailConsumer = defineConsumer('notifications-emails', [VerificationRequested, PasswordResetRequested]);

/** The buyer's and the supplier's order emails and in-app notifications (domain/order-emails.ts says which). */
export const OrderEmailConsumer = defineConsumer('notifications-order-emails', [OrderTransitioned]);

/** Reminders before an order's automatic step (orders.order.reminder): one email and notification to whom it is for. */
export const OrderReminderConsumer = defineConsumer('notifications-order-reminders', [OrderReminder]);

/** A new message: the recipient's in-app notification (and push). */
export const MessageNotificationConsumer = defineConsumer('notifications-messages', [MessageSent]);

export const NOTIFICATIONS_CONSUMERS = [EmailConsumer, OrderEmailConsumer, OrderReminderConsumer, MessageNotificationConsumer] as const;
