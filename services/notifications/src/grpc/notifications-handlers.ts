import { fieldErrors, invalidParams, MSG, unaryService, type Logger } from '@caskade/kit';
import type { notifications } from '@caskade/proto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { checkPushSubscription } from '../app/check-push-subscription';
import { listMailbox, MAILBOX_DEFAULT_LIMIT, MAILBOX_MAX_LIMIT } from '../app/list-mailbox';
import { listNotifications } from '../app/list-notifications';
import { markNotificationSeen } from '../app/mark-notification-seen';
import { removePushSubscription } from '../app/remove-push-subscription';
import { sendContactMessage } from '../app/send-contact-message';
import { savePushSubscription } from '../app/save-push-subscription';
import type { NotificationsDB } from '../db/schema';
import { contactMessageSchema } from '../domain/contact';
import { NOTIFICATIONS_PAGE_SIZE, pushEndpointInput, pushSubscriptionInput } from '../domain/notifications';
import { toMailboxMessage, toNotification } from './mappers';

const listMailboxRequest = z.strictObject({
  // proto3 sends 0 for "not set": the default limit then.
  limit: z.number().int().min(0).max(MAILBOX_MAX_LIMIT),
  to: z.string().trim().max(254, { error: MSG.tooLong }),
});
const listNotificationsRequest = z.strictObject({ limit: z.number().int().min(0).max(NOTIFICATIONS_PAGE_SIZE) });
const notificationIdRequest = z.strictObject({ notificationId: z.uuid({ error: 'validation.invalidValue' }) });
const saveSubscriptionRequest = z.strictObject({
  subscription: z.strictObject({ endpoint: z.string(), p256dh: z.string(), auth: z.string() }),
});
const endpointRequest = z.strictObject({ endpoint: z.string() });

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidParams(fieldErrors(parsed.error));
  return parsed.data;
}

export interface NotificationsHandlerDeps {
  db: Kysely<NotificationsDB>;
  logger: Logger;
  /** The VAPID public key browsers subscribe with; empty when pushes are off. */
  vapidPublicKey: string;
  /** Accept plain-http push endpoints (tests' local push service only). */
  allowHttpPushEndpoints: boolean;
  /** Where contact-form messages are emailed. */
  contactInbox: string;
  /** Told after a contact message's email was queued (wakes the sender). */
  contactQueued: () => void;
}

/** Thin edge: parse, call the use case, map rows to messages; errors are mapped by unaryService. */
export function notificationsHandlers({ db, logger, vapidPublicKey, allowHttpPushEndpoints, contactInbox, contactQueued }: NotificationsHandlerDeps): notifications.NotificationsServiceServer {
  return unaryService<notifications.NotificationsServiceServer>(
    {
      listMailbox: async (req, ctx) => {
        const q = parse(listMailboxRequest, req);
        const rows = await listMailbox(db, ctx, { limit: q.limit || MAILBOX_DEFAULT_LIMIT, to: q.to || undefined });
        return { messages: rows.map(toMailboxMessage) };
      },
      listNotifications: async (req, ctx) => {
        const q = parse(listNotificationsRequest, req);
        const { rows, unseen } = await listNotifications(db, ctx, q.limit || NOTIFICATIONS_PAGE_SIZE);
        return { notifications: rows.map(toNotification), unseenCount: unseen };
      },
      markNotificationSeen: async (req, ctx) => {
        const q = parse(notificationIdRequest, req);
        return { notification: toNotification(await markNotificationSeen(db, ctx, q.notificationId)) };
      },
      getPushConfig: async () => ({ vapidPublicKey }),
      savePushSubscription: async (req, ctx) => {
        const { subscription: s } = parse(saveSubscriptionRequest, req);
        const sub = parse(pushSubscriptionInput, { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } });
        await savePushSubscription(db, ctx, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, allowHttpPushEndpoints);
        return {};
      },
      checkPushSubscription: async (req, ctx) => {
        const { endpoint } = parse(pushEndpointInput, parse(endpointRequest, req));
        return { valid: await checkPushSubscription(db, ctx, endpoint) };
      },
      removePushSubscription: async (req, ctx) => {
        const { endpoint } = parse(pushEndpointInput, parse(endpointRequest, req));
        return { removed: await removePushSubscription(db, ctx, endpoint) };
      },
      sendContactMessage: async (req, ctx) => {
        const id = await sendContactMessage(db, ctx, parse(contactMessageSchema, req), contactInbox);
        contactQueued();
        return { id };
      },
    },
    logger,
  );
}
