import { defineConsumer } from '@caskade/kit';
import { PasswordResetRequested, VerificationRequested } from '@caskade/identity/events';

/** Notifications publishes no events yet; what it consumes (handlers beside this file). */
export const EmailConsumer = defineConsumer('notifications-emails', [VerificationRequested, PasswordResetRequested]);

export const NOTIFICATIONS_CONSUMERS = [EmailConsumer] as const;
