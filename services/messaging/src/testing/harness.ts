/**
 * The messaging service started for its tests, on PGlite or on PostgreSQL (a fresh schema, dropped
 * after): a gRPC client, an in-memory directory standing in for identity (tests add people and
 * ban or delete them), the bus it consumes from, and helpers for fresh buyers and suppliers.
 * `describeMessaging` runs a suite on both databases through describeServiceBackends.
 */
import { randomUUID } from 'node:crypto';
import { createClient, createLogger, LocalEventBus, type CallContext, type EventEnvelope, type PromiseClient, type Role } from '@caskade/kit';
import { describeServiceBackends, dropTestSchema, TEST_DATABASE_URL, uniqueName, type Backend, type GatedSuite } from '@caskade/kit/testing';
import { messaging } from '@caskade/proto';
import type { Directory, DirectoryUser } from '../app/directory';
import { messagingEnv } from '../config';
import { startMessaging, type MessagingService } from '../index';

export const testLogger = createLogger('messaging-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** Identity as messaging sees it: people by id, changed by the test at will. */
export class MemoryDirectory implements Directory {
  readonly byId = new Map<string, DirectoryUser>();
  async getUsers(ids: readonly string[]): Promise<DirectoryUser[]> {
    return ids.flatMap((id) => {
      const u = this.byId.get(id);
      return u ? [{ ...u }] : [];
    });
  }
}

export const ctxOf = (userId: string, role: Role, scopes: string[] = []): CallContext => ({ requestId: 'test', caller: { userId, role, scopes } });

export interface MessagingHarness {
  svc: MessagingService;
  client: PromiseClient<typeof messaging.MessagingServiceService>;
  directory: MemoryDirectory;
  bus: LocalEventBus;
  /** Events the service published, in order. */
  published: EventEnvelope[];
  buyer(name?: string, scopes?: string[]): CallContext;
  supplier(name?: string): CallContext;
  operator(): CallContext;
  /** Publishes an event on the bus the service consumes from. */
  publish(type: string, data: Record<string, unknown>, opts?: { id?: string; version?: number }): Promise<EventEnvelope>;
  stop(): Promise<void>;
}

export async function startMessagingHarness(backend: Backend): Promise<MessagingHarness> {
  const schema = uniqueName('messaging_test');
  const bus = new LocalEventBus({ logger: testLogger, retryBaseMs: 5, retryMaxMs: 20 });
  const published: EventEnvelope[] = [];
  await bus.subscribe({ consumer: 'test-recorder', subjects: ['messaging.>'], handler: async (e) => void published.push(e) });
  const directory = new MemoryDirectory();
  const svc = await startMessaging({
    env: messagingEnv.parse({ DATA_DIR: ':memory:', IDENTITY_ADDR: '127.0.0.1:1', LOG_LEVEL: 'silent', MESSAGES_PER_MINUTE: '5', ...(backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}) }),
    bus,
    logger: testLogger,
    schema,
    directory,
  });
  const client = createClient(messaging.MessagingServiceService, svc.grpcAddress);
  const person = (role: 'buyer' | 'supplier', name: string, scopes: string[] = []) => {
    const id = randomUUID();
    directory.byId.set(id, { id, role, name, banned: false, deleted: false });
    return ctxOf(id, role, scopes);
  };
  let stopped: Promise<void> | undefined;
  return {
    svc,
    client,
    directory,
    bus,
    published,
    buyer: (name = 'The Local Taphouse', scopes = []) => person('buyer', name, scopes),
    supplier: (name = 'Hop Hill Brewing') => person('supplier', name),
    operator: () => ctxOf(randomUUID(), 'operator'),
    async publish(type, data, opts = {}) {
      const event: EventEnvelope = { id: opts.id ?? randomUUID(), type, occurredAt: new Date().toISOString(), aggregateId: String(data.orderId ?? data.userId ?? ''), aggregateVersion: opts.version ?? 1, data };
      await bus.publish(event);
      return event;
    },
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

/** A suite on both databases with messaging started for it; `h()` is the running harness. */
export function describeMessaging(title: string, body: (h: () => MessagingHarness, t: GatedSuite, backend: Backend) => void): void {
  describeServiceBackends(title, (backend) => startMessagingHarness(backend), body);
}

/** Polls `read` every 20 ms until `ok` holds (at most 3 s); answers the last reading. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let got = await read();
  for (let i = 0; i < 150 && !ok(got); i++) {
    await new Promise((r) => setTimeout(r, 20));
    got = await read();
  }
  return got;
}

export const idOf = (ctx: CallContext): string => ctx.caller?.userId ?? '';
