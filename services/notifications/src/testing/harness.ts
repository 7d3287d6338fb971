/**
 * Notifications started for its tests, on PGlite or on PostgreSQL (a fresh schema, dropped after):
 * the local bus identity's events arrive on, a gRPC client, and readers of the email queue and the
 * mailbox. `describeNotifications` runs a suite on both databases through describeWithServices, so
 * a test never passes without running.
 */
import { randomUUID } from 'node:crypto';
import { createClient, createLogger, LocalEventBus, type CallContext, type EventEnvelope, type PromiseClient, type Role } from '@caskade/kit';
import { describeServiceBackends, dropTestSchema, TEST_DATABASE_URL, uniqueName, type Backend, type GatedSuite } from '@caskade/kit/testing';
import { PasswordResetRequested, VerificationRequested } from '@caskade/identity/events';
import { OrderTransitioned } from '@caskade/orders/events';
import { identityEvents, notifications, ordersEvents } from '@caskade/proto';
import type { Selectable } from 'kysely';
import webpush from 'web-push';
import { notificationsEnv } from '../config';
import type { Contact, ContactDirectory } from '../contacts/directory';
import type { EmailsTable, MailboxTable } from '../db/schema';
import { startNotifications, type NotificationsService, type StartNotificationsOptions } from '../index';

export const PUBLIC_URL = 'http://localhost:3000';
export const testLogger = createLogger('notifications-test', process.env.TEST_LOG_LEVEL ?? 'silent');

export interface NotificationsHarness {
  svc: NotificationsService;
  client: PromiseClient<typeof notifications.NotificationsServiceService>;
  /** The in-process bus the service consumes from (tests publish identity's events on it). */
  bus: LocalEventBus;
  /** The queued emails to that address. */
  emailsTo(to: string): Promise<Selectable<EmailsTable>[]>;
  /** The delivered emails to that address. */
  mailboxTo(to: string): Promise<Selectable<MailboxTable>[]>;
  /** Stops the service and drops its schema; calling it again waits for the first call. */
  stop(): Promise<void>;
}

/** What a test may set: a mailer in place of the mailbox, the sender's timing, the parties' contacts. */
export type HarnessOptions = Pick<StartNotificationsOptions, 'mailer' | 'sender' | 'contacts' | 'pushSender' | 'allowHttpPushEndpoints' | 'notified'>;

/** The order parties identity answers for in the tests (a deleted account has no contact). */
export const parties = {
  buyer: { id: '33333333-3333-4333-8333-333333333333', email: 'orders@fitzroy-cellars.com.au', name: 'Ava Buyer', businessName: 'Fitzroy Cellars' },
  supplier: { id: '11111111-1111-4111-8111-111111111111', email: 'sales@hophill.com.au', name: 'Sam Brewer', businessName: 'Hop Hill Brewing' },
  deletedId: '99999999-9999-4999-8999-999999999999',
} as const;

/** Identity's answer for the order parties, counting the calls. */
export const partyContacts = (): ContactDirectory & { calls: number } => {
  const known = new Map<string, Contact>([parties.buyer, parties.supplier].map((p) => [p.id, { email: p.email, name: p.name, businessName: p.businessName }]));
  const directory = {
    calls: 0,
    async contacts(ids: readonly string[]) {
      directory.calls += 1;
      return new Map(ids.flatMap((id) => {
        const contact = known.get(id);
        return contact ? [[id, contact] as const] : [];
      }));
    },
  };
  return directory;
};

/** An order's move, as orders publishes it (orders.order.transitioned), between the test parties unless told otherwise. */
export function orderTransitioned(move: Partial<ordersEvents.OrderTransitioned> & Pick<ordersEvents.OrderTransitioned, 'fromState' | 'toState' | 'actor'>): EventEnvelope {
  const data = ordersEvents.OrderTransitioned.fromPartial({
    orderId: randomUUID(), orderNumber: 'CK-20260001', checkoutId: randomUUID(), customerId: parties.buyer.id, providerId: parties.supplier.id,
    processName: 'release-1', transition: 'test', payinTotalCents: 33_000, payoutTotalCents: 30_000, paymentTerm: 'none', ...move,
  });
  return { id: randomUUID(), type: OrderTransitioned.subject, occurredAt: new Date().toISOString(), aggregateId: data.orderId, aggregateVersion: 1, data: OrderTransitioned.encode(data) };
}

const vapidEnv = () => {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
};

export async function startNotificationsHarness(backend: Backend, opts: HarnessOptions = {}): Promise<NotificationsHarness> {
  const schema = uniqueName('notifications_test');
  // Quick redelivery, so a refused event reaches the dead letters within a test.
  const bus = new LocalEventBus({ logger: testLogger, retryBaseMs: 5, retryMaxMs: 20 });
  const svc = await startNotifications({
    // PostgreSQL runs as in the cluster: VAPID keys from the environment (PGlite's are generated).
    env: notificationsEnv.parse({
      DATA_DIR: ':memory:', PUBLIC_URL, LOG_LEVEL: 'silent', IDENTITY_ADDR: '127.0.0.1:1',
      ...(backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL, ...vapidEnv() } : {}),
    }),
    bus,
    logger: testLogger,
    schema,
    sender: { pollMs: 50, retryDelayMs: () => 0 },
    contacts: partyContacts(),
    ...opts,
  });
  const client = createClient(notifications.NotificationsServiceService, svc.grpcAddress);
  let stopped: Promise<void> | undefined;
  return {
    svc,
    client,
    bus,
    emailsTo: (to) => svc.db.selectFrom('emails').selectAll().where('to_address', '=', to).execute(),
    mailboxTo: (to) => svc.db.selectFrom('mailbox').selectAll().where('to_address', '=', to).execute(),
    // Once, however often called: a test may stop the service before the suite does.
    stop() {
      stopped ??= (async () => {
        client.close();
        await svc.stop();
        await bus.close();
        await dropTestSchema(backend, schema);
      })();
      return stopped;
    },
  };
}

/** A suite on both databases with notifications started for it (with `opts`); `h()` is the running harness. */
export function describeNotifications(title: string, body: (h: () => NotificationsHarness, t: GatedSuite, backend: Backend) => void, opts: HarnessOptions = {}): void {
  describeServiceBackends(title, (backend) => startNotificationsHarness(backend, opts), body);
}

/** Identity's request for a verification email, as it arrives on the bus. */
export function verificationRequested(email: string, token: string, firstName = 'Matilda'): EventEnvelope {
  const userId = randomUUID();
  return {
    id: randomUUID(),
    type: VerificationRequested.subject,
    occurredAt: new Date().toISOString(),
    aggregateId: userId,
    aggregateVersion: 1,
    data: identityEvents.VerificationEmailRequested.toJSON({ userId, email, firstName, token, expiresAt: '2026-04-03T03:30:00.000Z' }),
  };
}

/** Identity's request for a password-reset email, as it arrives on the bus. */
export function passwordResetRequested(email: string, token: string): EventEnvelope {
  const userId = randomUUID();
  return {
    id: randomUUID(),
    type: PasswordResetRequested.subject,
    occurredAt: new Date().toISOString(),
    aggregateId: userId,
    aggregateVersion: 2,
    data: identityEvents.PasswordResetRequested.toJSON({ userId, email, firstName: 'Tom', token, expiresAt: '2026-07-01T00:05:00.000Z' }),
  };
}

export const ctxAs = (role: Role | null): CallContext => ({ requestId: randomUUID(), caller: role ? { userId: randomUUID(), role, scopes: [] } : null });

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The first link in a text body that starts with the public URL. */
export function linkIn(text: string): URL {
  const found = new RegExp(`${PUBLIC_URL}\\S+`).exec(text)?.[0];
  if (!found) throw new Error('no link in the email');
  return new URL(found);
}
