import { createClient, startServiceRuntime, type EventBus, type Logger, type ServiceRuntime } from '@caskade/kit';
import { identity, notifications } from '@caskade/proto';
import type { Kysely } from 'kysely';
import { EmailSender } from './app/email-sender';
import type { Mailer } from './app/mailer';
import type { NotificationsEnv } from './config';
import { identityContacts, type ContactDirectory } from './contacts/directory';
import { NOTIFICATIONS_MIGRATIONS, type NotificationsDB } from './db/schema';
import { emailConsumer } from './events/email-consumer';
import { orderEmailConsumer } from './events/order-email-consumer';
import { orderReminderConsumer } from './events/order-reminder-consumer';
import { notificationsHandlers } from './grpc/notifications-handlers';
import { createMailboxMailer } from './mail/mailbox-mailer';
import { createSmtpMailer } from './mail/smtp-mailer';

export { notificationsEnv, type NotificationsEnv } from './config';
export type { NotificationsDB } from './db/schema';
export type { Mailer, OutgoingEmail } from './app/mailer';
export { PermanentDeliveryError } from './app/mailer';
export type { Contact, ContactDirectory } from './contacts/directory';

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
  /** Tests: sender timing. */
  sender?: { pollMs?: number; leaseMs?: number; maxAttempts?: number; retryDelayMs?: (failedAttempt: number) => number };
}

export interface NotificationsService extends ServiceRuntime<NotificationsDB> {
  mailer: Mailer;
  sender: EmailSender;
}

/**
 * The notifications service (email for now: account emails from identity's events, order emails
 * from orders'), used by main.ts (one process, env config) and by the
 * embedded runner (every service in one process on one local bus). gRPC health is NOT_SERVING
 * until the database is migrated and the consumer is subscribed.
 */
export async function startNotifications(opts: StartNotificationsOptions): Promise<NotificationsService> {
  const { env, logger } = opts;
  let mailer: Mailer | undefined;
  let sender: EmailSender | undefined;
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
    build: ({ db }) => {
      const chosen = opts.mailer?.(db) ?? (env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : createMailboxMailer(db));
      const loop = new EmailSender({ db, mailer: chosen, logger, leaseMs: DELIVERY_LEASE_MS, ...opts.sender });
      mailer = chosen;
      sender = loop;
      const settings = { publicUrl: env.PUBLIC_URL };
      return {
        bindings: [{ name: 'caskade.notifications.v1.NotificationsService', definition: notifications.NotificationsServiceService, implementation: notificationsHandlers(db, logger) }],
        subscriptions: [
          () => opts.bus.subscribe(emailConsumer({ db, settings, logger, queued: () => loop.wake() })),
          () => opts.bus.subscribe(orderEmailConsumer({ db, settings, logger, contacts, queued: () => loop.wake() })),
          () => opts.bus.subscribe(orderReminderConsumer({ db, settings, logger, contacts, queued: () => loop.wake() })),
        ],
        stop: async () => {
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
  sender.start();
  return { ...runtime, mailer, sender };
}
