import { sql, type Kysely } from 'kysely';
import { shutdownTracing } from '../telemetry/trace-context';
import { registerServiceProbes, startMetricsServer } from '../metrics';
import type { BaseEnv } from '../config';
import { openDatabase, type Migration } from '../db/database';
import { OUTBOX_MIGRATION, OutboxRelay } from '../events/outbox';
import type { EventBus, Subscription } from '../events/types';
import { DeferredEventBus } from '../events/deferred-bus';
import { guardBinding, startGrpcServer, type GrpcServiceBinding } from '../grpc/server';
import { createCallerGuard, SESSION_REVOCATIONS_MIGRATION, sessionRevocationConsumer, SessionsRevoked, toRevocation, type CallerGuard, type SessionRevocation } from '../auth/revocation';
import type { EventBroadcast } from '../events/broadcast';
import type { Logger } from '../logger';
import { currentTrust } from '../auth/trust';

/** The kit's own tables every service has (outbox and inbox, session revocations), migrated before the service's. */
export const KIT_MIGRATIONS: Migration[] = [OUTBOX_MIGRATION, SESSION_REVOCATIONS_MIGRATION];

/** grpc.health.v1 name whose status is the event bus's connection (SERVING, or NOT_SERVING while degraded). */
export const BUS_HEALTH_SERVICE = 'caskade.events';

export interface ServiceParts {
  bindings: GrpcServiceBinding[];
  /** Event consumers to start once the database is ready. */
  subscriptions?: Array<() => Promise<Subscription>>;
  /** Background loops (schedulers, senders) to stop on shutdown. */
  stop?: () => Promise<void>;
  /** What else the service does when an account's sessions are revoked (after the kit recorded it). */
  onSessionsRevoked?: (rev: SessionRevocation) => Promise<void>;
}

export interface ServiceRuntimeOptions<DB> {
  name: string;
  env: Pick<BaseEnv, 'DATABASE_URL' | 'DATA_DIR' | 'GRPC_PORT'> & Partial<Pick<BaseEnv, 'METRICS_PORT'>>;
  bus: EventBus;
  logger: Logger;
  migrations: Migration[];
  /** Schema override for tests (a unique one per run). */
  schema?: string;
  /** Address to bind; the cluster binds all interfaces. */
  grpcHost?: string;
  /**
   * Under load the relay lets the events of commits 10 ms apart share one pass (ADR 060); 0 sends
   * every event at once — identity's, since a ban or logout must reach every service before the
   * caller's next request does.
   */
  outboxCoalesceMs?: number;
  build(ctx: { db: Kysely<DB>; wakeOutbox: () => void; guard: CallerGuard }): Promise<ServiceParts> | ServiceParts;
}

export interface ServiceRuntime<DB> {
  name: string;
  db: Kysely<DB>;
  grpcAddress: string;
  relay: OutboxRelay<DB>;
  /** Refuses callers whose sessions were revoked; every gRPC method of the service runs behind it. */
  guard: CallerGuard;
  stop(): Promise<void>;
}

/**
 * The anatomy every service shares: database and migrations (the outbox and inbox first), outbox
 * relay, consumers, gRPC with grpc.health.v1 — NOT_SERVING until all of that is up — and an
 * orderly stop: NOT_SERVING, consumers, gRPC drain, background loops, relay, database.
 */
export async function startServiceRuntime<DB>(opts: ServiceRuntimeOptions<DB>): Promise<ServiceRuntime<DB>> {
  const { logger } = opts;
  const database = await openDatabase<DB>({
    service: opts.name,
    databaseUrl: opts.env.DATABASE_URL,
    dataDir: opts.env.DATA_DIR,
    migrations: [...KIT_MIGRATIONS, ...opts.migrations],
    logger,
    ...(opts.schema ? { schema: opts.schema } : {}),
  });
  const relay = new OutboxRelay({ db: database.db, bus: opts.bus, logger, ...(opts.outboxCoalesceMs !== undefined ? { coalesceMs: opts.outboxCoalesceMs } : {}) });
  const guard = createCallerGuard(database.db);
  const parts = await opts.build({ db: database.db, wakeOutbox: () => relay.wake(), guard });
  const trust = currentTrust();
  const bindings = parts.bindings.map((b) => guardBinding(b, guard, logger, trust));
  const server = await startGrpcServer(bindings, opts.env.GRPC_PORT, opts.grpcHost ?? '127.0.0.1');
  const subscriptions: Subscription[] = [];
  try {
    subscriptions.push(await opts.bus.subscribe(sessionRevocationConsumer(opts.name, database.db, guard, parts.onSessionsRevoked)));
    for (const subscribe of parts.subscriptions ?? []) subscriptions.push(await subscribe());
    relay.start();
  } catch (err) {
    await server.shutdown(0);
    await database.close();
    throw err;
  }
  server.setServing(true);
  const revocations = listenForRevocations(opts.name, opts.bus, guard, logger);
  const unregisterProbes = registerServiceProbes(opts.name, {
    outbox: async () => {
      const { rows } = await sql<{ pending: number; oldest: number | null }>`
        select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest from outbox where state = 'pending'`.execute(database.db);
      return { pending: rows[0]?.pending ?? 0, oldestAgeSeconds: rows[0]?.oldest ?? 0 };
    },
    pool: () => database.poolStats(),
  });
  const metricsServer = opts.env.METRICS_PORT ? await startMetricsServer(opts.env.METRICS_PORT, opts.grpcHost ?? '127.0.0.1') : null;
  // The service serves without its broker (events wait in the outbox); health says so under its own name.
  const bus = opts.bus;
  const busHealth = bus instanceof DeferredEventBus
    ? setInterval(() => server.health.setStatus(BUS_HEALTH_SERVICE, bus.connected ? 'SERVING' : 'NOT_SERVING'), 1000)
    : undefined;
  server.health.setStatus(BUS_HEALTH_SERVICE, bus instanceof DeferredEventBus && !bus.connected ? 'NOT_SERVING' : 'SERVING');
  logger.info({ grpc: server.address, database: database.kind }, `${opts.name} serving`);
  let stopped = false;
  return {
    name: opts.name,
    db: database.db,
    grpcAddress: server.address,
    relay,
    guard,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(busHealth);
      unregisterProbes();
      metricsServer?.close();
      server.setServing(false);
      await revocations.close();
      await Promise.all(subscriptions.map((s) => s.stop()));
      await server.shutdown(5000);
      await parts.stop?.();
      await relay.stop();
      await database.close();
      logger.info(`${opts.name} stopped`);
    },
  };
}

/**
 * Revocations pushed to this replica, so its guard may reuse answers longer (docs/decisions/075).
 * On the in-process bus the service has one replica, whose own consumer records every revocation
 * and forgets the cached answer: it always listens. On NATS, a fan-out of identity's event reaches
 * every replica; until it is subscribed, and whenever its connection is lost, the guard keeps its
 * short TTL.
 */
function listenForRevocations(name: string, bus: EventBus, guard: CallerGuard, logger: Logger): { close(): Promise<void> } {
  if (bus.kind === 'local') {
    guard.listening(true);
    return { close: async () => undefined };
  }
  if (!bus.fanOut) return { close: async () => undefined };
  let closed = false;
  let fan: EventBroadcast | null = null;
  const opened = bus.fanOut(`${name}-revocations`).then(async (b) => {
    fan = b;
    if (closed) return;
    b.onConnectionChange?.((heard) => guard.listening(heard));
    await b.subscribe([SessionsRevoked.subject], (event) => {
      let rev: SessionRevocation | null;
      try {
        rev = toRevocation(SessionsRevoked.decode(event.data));
      } catch {
        return;
      }
      if (rev) guard.heard(rev);
    });
    guard.listening(true);
  }).catch((err: unknown) => logger.warn({ err }, 'revocations are not pushed to this replica; answers are reused 500 ms'));
  return {
    async close() {
      closed = true;
      guard.listening(false);
      if (fan) await fan.close();
      // Still connecting (the broker not reached yet): closed once it connects.
      else void opened.then(() => fan?.close());
    },
  };
}

/** Stop cleanly on SIGTERM/SIGINT (Kubernetes sends SIGTERM, then SIGKILL after the grace period). */
export function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Spans still buffered are exported before the process exits (nothing to do with tracing off).
    stop().then(
      () => shutdownTracing().then(() => process.exit(0)),
      (err: unknown) => {
        logger.error({ err }, 'error during shutdown');
        void shutdownTracing().then(() => process.exit(1));
      },
    );
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}
