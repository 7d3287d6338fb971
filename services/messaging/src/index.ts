import { connectRedis, createClient, createRateLimiter, startServiceRuntime, type EventBus, type Logger, type ServiceRuntime } from '@caskade/kit';
import { identity, messaging } from '@caskade/proto';
import type { MessagingDeps } from './app/deps';
import { identityDirectory, type Directory } from './app/directory';
import type { MessagingEnv } from './config';
import { setStatus } from './db/participants';
import { MESSAGING_MIGRATIONS, type MessagingDB } from './db/schema';
import { orderMessagesConsumer } from './events/order-messages-consumer';
import { participantsConsumer } from './events/participants-consumer';
import { messagingHandlers } from './grpc/handlers';

export { messagingEnv, type MessagingEnv } from './config';
export type { MessagingDB } from './db/schema';
export type { MessagingDeps } from './app/deps';
export type { Directory, DirectoryUser } from './app/directory';

export interface StartMessagingOptions {
  env: MessagingEnv;
  bus: EventBus;
  logger: Logger;
  /** Schema override for tests (a unique one per run). */
  schema?: string;
  /** Address to bind gRPC on; the cluster binds all interfaces. Default 127.0.0.1. */
  grpcHost?: string;
  /** Tests: accounts in place of identity over gRPC (IDENTITY_ADDR). */
  directory?: Directory;
  now?: () => Date;
}

export interface MessagingService extends ServiceRuntime<MessagingDB> {
  deps: MessagingDeps;
}

/**
 * The messaging service (conversations, messages, seen markers, the default order message and
 * dispute messages), used by main.ts and the embedded runner. gRPC health is NOT_SERVING until
 * the database is migrated and the consumers are subscribed.
 */
export async function startMessaging(opts: StartMessagingOptions): Promise<MessagingService> {
  let deps: MessagingDeps | undefined;
  let identityClient: { close(): void } | null = null;
  let directory: Directory;
  if (opts.directory) directory = opts.directory;
  else {
    const client = createClient(identity.IdentityServiceService, opts.env.IDENTITY_ADDR, { name: 'identity', logger: opts.logger, as: 'messaging' });
    identityClient = client;
    directory = identityDirectory(client);
  }
  const redis = opts.env.REDIS_URL ? connectRedis(opts.env.REDIS_URL) : undefined;
  const sendLimiter = createRateLimiter({ name: 'message-send', points: opts.env.MESSAGES_PER_MINUTE, durationSeconds: 60 }, redis, opts.logger);
  const runtime = await startServiceRuntime<MessagingDB>({
    name: 'messaging',
    env: opts.env,
    bus: opts.bus,
    logger: opts.logger,
    migrations: MESSAGING_MIGRATIONS,
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...(opts.grpcHost ? { grpcHost: opts.grpcHost } : {}),
    build: ({ db, wakeOutbox }) => {
      const built: MessagingDeps = { db, logger: opts.logger, now: opts.now ?? (() => new Date()), directory, sendLimiter, wakeOutbox };
      deps = built;
      return {
        bindings: [{ name: 'caskade.messaging.v1.MessagingService', definition: messaging.MessagingServiceService, implementation: messagingHandlers(built, opts.logger) }],
        subscriptions: [() => opts.bus.subscribe(orderMessagesConsumer(built)), () => opts.bus.subscribe(participantsConsumer(built))],
        // A banned account shows as Banned user in every conversation, a reinstated one by its name again.
        onSessionsRevoked: (rev) => setStatus(db, rev.userId, rev.status, built.now()),
        stop: async () => {
          identityClient?.close();
          await redis?.quit();
        },
      };
    },
  });
  if (!deps) throw new Error('messaging failed to build');
  return { ...runtime, deps };
}
