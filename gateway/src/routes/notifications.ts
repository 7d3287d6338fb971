import { z } from 'zod';
import { AppError } from '@caskade/kit';
import { isNotificationKind } from '@caskade/notifications/domain';
import type { notifications } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';
import { notificationsSchema, notificationSchema, pushConfigSchema, pushEndpointBody, pushTokenBody, seenNotificationBody, type NotificationView } from '../contract';

function view(n: notifications.Notification | undefined): NotificationView {
  if (!n || !isNotificationKind(n.kind)) throw new AppError('not-found', { resource: 'notification' });
  return { ...n, kind: n.kind };
}

/** The caller's own notifications and this browser's push subscription (calls-errors-constants section 7). */
export function notificationRoutes(clients: GatewayClients): RouteDef[] {
  const n = clients.notifications;
  return [
    route({
      method: 'get', path: '/api/notifications/fetch-notifications', summary: 'The caller’s notifications, newest first, and how many are unseen (the bell)',
      tags: ['notifications'], access: 'user', response: notificationsSchema,
      handler: async ({ call }) => {
        const out = await n.listNotifications({ limit: 0 }, call);
        return { status: 200, data: { notifications: out.notifications.flatMap((x) => (isNotificationKind(x.kind) ? [view(x)] : [])), unseenCount: out.unseenCount } };
      },
    }),
    route({
      method: 'put', path: '/api/notifications/update-seen-notification', summary: 'Mark one of the caller’s notifications seen (another’s answers 404)',
      tags: ['notifications'], access: 'user', body: seenNotificationBody, response: notificationSchema,
      handler: async ({ body, call }) => ({ status: 200, data: view((await n.markNotificationSeen({ notificationId: body.notificationId }, call)).notification) }),
    }),
    route({
      method: 'get', path: '/api/notifications/push-config', summary: 'The VAPID public key a browser subscribes to pushes with (Web Push)',
      tags: ['notifications'], access: 'user', response: pushConfigSchema,
      handler: async ({ call }) => ({ status: 200, data: { vapidPublicKey: (await n.getPushConfig({}, call)).vapidPublicKey } }),
    }),
    route({
      method: 'post', path: '/api/notifications/update-message-cloud-token', summary: 'Save this browser’s push subscription for the caller: each new notification is pushed to it',
      tags: ['notifications'], access: 'user', body: pushTokenBody, response: z.object({ saved: z.literal(true) }),
      handler: async ({ body, call }) => {
        const t = body.token;
        await n.savePushSubscription({ subscription: { endpoint: t.endpoint, p256dh: t.keys.p256dh, auth: t.keys.auth } }, call);
        return { status: 200, data: { saved: true } };
      },
    }),
    route({
      method: 'post', path: '/api/notifications/check-valid-fcm-token', summary: 'Whether this browser’s subscription is saved for the caller (false once the push service dropped it)',
      tags: ['notifications'], access: 'user', body: pushEndpointBody, response: z.object({ valid: z.boolean() }),
      handler: async ({ body, call }) => ({ status: 200, data: { valid: (await n.checkPushSubscription({ endpoint: body.token.endpoint }, call)).valid } }),
    }),
    route({
      method: 'post', path: '/api/notifications/remove-message-cloud-token', summary: 'Stop pushing to this browser (logout)',
      tags: ['notifications'], access: 'user', body: pushEndpointBody, response: z.object({ removed: z.boolean() }),
      handler: async ({ body, call }) => ({ status: 200, data: { removed: (await n.removePushSubscription({ endpoint: body.token.endpoint }, call)).removed } }),
    }),
  ];
}
