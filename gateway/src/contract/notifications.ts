/**
 * In-app notifications (the bell) and web push subscriptions: calls-errors-constants section 7's
 * /api/notifications/* paths. The kinds, the wording and the subscription's shape are the
 * notifications domain's.
 */
import { z } from 'zod';
import { NOTIFICATION_KINDS, pushEndpointInput, pushSubscriptionInput } from '@caskade/notifications/domain';

export const notificationSchema = z.object({
  id: z.string(), kind: z.enum(NOTIFICATION_KINDS), seen: z.boolean(), createdAt: z.string(),
  orderId: z.string().describe('empty for a message'), orderNumber: z.string(), conversationId: z.string().describe('a message’s conversation; empty otherwise'),
  otherPartyName: z.string().describe('plain text: the supplier’s brand, the buyer’s business or the sender'),
  path: z.string().describe('where opening it goes: /orders/{id}, /sales/{id} or /messages/{id}'),
});
export const notificationsSchema = z.object({ notifications: z.array(notificationSchema).describe('newest first, at most 30'), unseenCount: z.number().int() });
export const seenNotificationBody = z.strictObject({ notificationId: z.uuid({ error: 'validation.invalidValue' }) });
/** The browser's PushSubscription.toJSON() as `token` (the spec's "push token"). */
export const pushTokenBody = z.strictObject({ token: pushSubscriptionInput });
/** Which browser: its subscription (the keys, when sent, are ignored). */
export const pushEndpointBody = z.strictObject({ token: pushEndpointInput });
export const pushConfigSchema = z.object({ vapidPublicKey: z.string().describe('base64url; empty when the server sends no pushes') });

export type NotificationView = z.output<typeof notificationSchema>;
export type NotificationsView = z.output<typeof notificationsSchema>;
export type PushTokenBody = z.input<typeof pushTokenBody>;
export type PushConfigView = z.output<typeof pushConfigSchema>;
