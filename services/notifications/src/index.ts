import { createClient, startServiceRuntime, type EventBus, type Logger, type ServiceRuntime } from '@caskade/kit';
import { identity, notifications } from '@caskade/proto';
import type { Kysely } from 'kysely';
import { PushDelivery } from './app/deliver-due-pushes';
import { EmailSender } from './app/email-sender';
import type { Mailer } from './app/mailer';
import type { NotificationsEnv } from './config';
import { identityContacts, type ContactDirectory } from './contacts/directory';
import { NOTIFICATIONS_MIGRATIONS, type NotificationsDB } from './db/schema';
import { emailConsumer } from './events/email-consumer';
import { messageNotificationConsumer } from './events/message-notification-consumer';
import { orderEmailConsumer } from './events/order-email-consumer';
import { orderReminderConsumer } from './events/order-reminder-consumer';
import { notificationsHandlers } from './grpc/notifications-handlers';
import { createMailboxMailer } from './mail/mailbox-mailer';
import { createSmtpMailer } from './mail/smtp-mailer';
import { createWebPushSender, type PushSender } from './push/push-sender';
import { embeddedVapidKeys, type VapidKeys } from './push/vapid-keys';

export { notificationsEnv, type NotificationsEnv } from './config';
export type { NotificationsDB } from './db/schema';
export type { Mailer, OutgoingEmail } from './app/mailer';
export { PermanentDeliveryError } from './app/mailer';
export type { Contact, ContactDirectory } from './contacts/directory';
export type { PushSender, PushResult } from './push/push-sender';
export type { VapidKeys } from './push/vapid-keys';
export type { PushPayload } from './db/notifications';

/** A delivery lease outlasts the SMTP adapter's worst case (10 s connect + 10 s greeting + 30 s idle). */
const DELIVERY_LEASE_MS = 2 * 60_000;

export interface StartNotificationsOptions {
  env: NotificationsEnv;
  bus: EventBus;
  logger: Logger;
  /** Schema override for tests (a unique one per run). */
  schema?: string;
  /** Address to bind gRPC on; the cluster binds all interfaces. Default 127.0.0.1. */
  grpcHost?: string;
  /** Tests: a mailer in place of the one the configuration picks. */
  mailer?: (db: Kysely<NotificationsDB>) => Mailer;
  /** Tests: the parties' contacts in place of identity over gRPC. */
  contacts?: ContactDirectory;
  /** Tests: sender timing (emails and pushes). */
  sender?: { pollMs?: number; leaseMs?: number; maxAttempts?: number; retryDelayMs?: (failedAttempt: number) => number };
  /** Tests: a push sender in place of Web Push over HTTP. */
  pushSender?: (keys: VapidKeys) => PushSender;
  /** Tests: accept plain-http push endpoints (a local push service). */
  allowHttpPushEndpoints?: boolean;
  /** Tests: told after a commit that made in-app notifications, whose they are. */
  notified?: (userIds: string[]) => void;
}

export interface NotificationsService extends ServiceRuntime<NotificationsDB> {
  mailer: Mailer;
  sender: EmailSender;
  /** Null when pushes are off (a distributed run without VAPID keys). */
  pushes: PushDelivery | null;
  vapid: VapidKeys | null;
}

/** The cluster's keys from the environment; the embedded mode's kept in DATA_DIR; none for a distributed run without them. */
async function vapidKeysFor(env: NotificationsEnv): Promise<VapidKeys | null> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  if (env.DATABASE_URL) return null;
  return embeddedVapidKeys(env.DATA_DIR, env.VAPID_SUBJECT);
}

/**
 * The notifications service (account emails from identity's events; order emails, in-app
 * notifications and web pushes from orders'), used by main.ts (one process, env config) and by the
 * embedded runner (every service in one process on one local bus). gRPC health is NOT_SERVING
 * until the database is migrated and the consumer is subscribed.
 */
export async function startNotifications(opts: StartNotificationsOptions): Promise<NotificationsService> {
  const { env, logger } = opts;
  let mailer: Mailer | undefined;
  let sender: EmailSender | undefined;
  let pushes: PushDelivery | null = null;
  const vapid = await vapidKeysFor(env);
  let identityClient: { close(): void } | null = null;
  let contacts: ContactDirectory;
  if (opts.contacts) contacts = opts.contacts;
  else {
    const client = createClient(identity.IdentityServiceService, env.IDENTITY_ADDR, { as: 'notifications' });
    identityClient = client;
    contacts = identityContacts(client);
  }
  const runtime = await startServiceRuntime<NotificationsDB>({
    name: 'notifications',
    env,
    bus: opts.bus,
    logger,
    migrations: NOTIFICATIONS_MIGRATIONS,
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...(opts.grpcHost ? { grpcHost: opts.grpcHost } : {}),
    build: ({ db, wakeOutbox }) => {
      const chosen = opts.mailer?.(db) ?? (env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : createMailboxMailer(db));
      const loop = new EmailSender({ db, mailer: chosen, logger, leaseMs: DELIVERY_LEASE_MS, ...opts.sender });
      mailer = chosen;
      sender = loop;
      const pushLoop = vapid ? new PushDelivery({ db, sender: opts.pushSender?.(vapid) ?? createWebPushSender(vapid), logger, leaseMs: DELIVERY_LEASE_MS, ...opts.sender }) : null;
      pushes = pushLoop;
      const settings = { publicUrl: env.PUBLIC_URL };
      const notified = (userIds: string[]) => {
        pushLoop?.wake();
        wakeOutbox();
        opts.notified?.(userIds);
      };
      const orderDeps = { db, settings, logger, contacts, notified, queued: () => loop.wake() };
      const handlerDeps = {
        db, logger, vapidPublicKey: vapid?.publicKey ?? '', allowHttpPushEndpoints: opts.allowHttpPushEndpoints ?? false,
        contactInbox: env.CONTACT_INBOX, contactQueued: () => loop.wake(),
      };
      return {
        bindings: [{ name: 'caskade.notifications.v1.NotificationsService', definition: notifications.NotificationsServiceService, implementation: notificationsHandlers(handlerDeps) }],
        subscriptions: [
          () => opts.bus.subscribe(emailConsumer({ db, settings, logger, queued: () => loop.wake() })),
          () => opts.bus.subscribe(orderEmailConsumer(orderDeps)),
          () => opts.bus.subscribe(orderReminderConsumer(orderDeps)),
          () => opts.bus.subscribe(messageNotificationConsumer({ db, logger, notified })),
        ],
        stop: async () => {
          await pushLoop?.stop();
          await loop.stop();
          await chosen.close();
          identityClient?.close();
        },
      };
    },
  });
  if (!mailer || !sender) throw new Error('notifications failed to build');
  if (mailer.kind === 'mailbox' && env.NODE_ENV === 'production') {
    logger.warn('SMTP_URL is not set: emails go to the local mailbox only (read it at /operator/mailbox)');
  }
  logger.info({ mailer: mailer.kind }, 'email delivery ready');
  if (!vapid) logger.warn('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: no web pushes (in-app notifications and emails still go)');
  sender.start();
  (pushes as PushDelivery | null)?.start();
  return { ...runtime, mailer, sender, pushes, vapid };
}
