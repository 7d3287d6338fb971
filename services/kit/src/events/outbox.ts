import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { Migration } from '../db/database';
import type { Logger } from '../logger';
import { PollLoop } from '../service/poll-loop';
import { currentTraceparent, inSpan, SpanKind } from '../telemetry/trace-context';
import { BusUnavailableError } from './deferred-bus';
import { errorText, isEventEnvelope } from './delivery';
import type { EventDefinition } from './typed';
import type { EventBus, EventEnvelope } from './types';

/**
 * The outbox (events written in the same transaction as the state change) and the inbox
 * (`processed_events`, see inbox.ts). Id `000_…` so it sorts before every service migration:
 * add it first in each service's migration list.
 *
 * Beyond the columns every outbox has: `seq` keeps the order of events written in one
 * transaction (they share created_at = now()), and `locked_until` is both the relay's claim lease
 * and the retry backoff of a row whose publish failed.
 */
export const OUTBOX_MIGRATION: Migration = {
  id: '000_outbox_inbox',
  sql: `
create table outbox (
  id uuid primary key,
  seq bigint generated always as identity,
  type text not null,
  aggregate_id text not null,
  aggregate_version int not null default 0,
  payload jsonb not null,
  state text not null default 'pending' check (state in ('pending', 'published')),
  attempts int not null default 0 check (attempts >= 0),
  last_error text,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  published_at timestamptz,
  check ((state = 'published') = (published_at is not null))
);
create index outbox_pending_by_created on outbox (created_at, seq) where state = 'pending';
create index outbox_published_at on outbox (published_at) where state = 'published';

create table processed_events (
  consumer text not null,
  event_id uuid not null,
  processed_at timestamptz not null default now(),
  primary key (consumer, event_id)
);
`,
};

export interface NewEvent<T> {
  aggregateId: string;
  /** The aggregate's version after this change; 0 when the aggregate is not versioned. */
  aggregateVersion?: number;
  data: T;
  /** W3C trace context of the change, carried on the envelope to every consumer. */
  traceparent?: string;
}

/**
 * Write an event of `definition` (its service's registry) into the outbox inside the caller's
 * transaction: it is published if and only if that transaction commits. Call `relay.wake()` after
 * the commit for prompt delivery.
 */
export async function enqueueEvent<S extends string, T>(trx: QueryExecutorProvider, definition: EventDefinition<S, T>, input: NewEvent<T>): Promise<EventEnvelope> {
  const id = randomUUID();
  // A span of its own, so the trace shows the event being written by the request that caused it;
  // its traceparent (when tracing is on and none is given) rides the envelope to every consumer.
  return inSpan(`${definition.subject} enqueue`, { attributes: { 'messaging.destination.name': definition.subject, 'messaging.message.id': id, 'caskade.outbox': true } }, async () => {
    const traceparent = input.traceparent ?? currentTraceparent();
    const event: EventEnvelope = {
      id,
      type: definition.subject,
      occurredAt: new Date().toISOString(),
      aggregateId: input.aggregateId,
      aggregateVersion: input.aggregateVersion ?? 0,
      ...(traceparent ? { traceparent } : {}),
      data: definition.encode(input.data),
    };
    await sql`
      insert into outbox (id, type, aggregate_id, aggregate_version, payload)
      values (${event.id}, ${event.type}, ${event.aggregateId}, ${event.aggregateVersion}, ${JSON.stringify(event)}::jsonb)
    `.execute(trx);
    return event;
  });
}

export interface OutboxRelayOptions<DB> {
  db: Kysely<DB>;
  bus: EventBus;
  logger: Logger;
  /** Poll interval; wake() starts a pass at once (after coalesceMs when the relay is busy). */
  pollMs?: number;
  /** An idle relay backs off (doubling) up to this between polls; default 4 s. */
  maxPollMs?: number;
  /** Under load, passes are at least this far apart so the events of many commits share one claim and one mark; default 10 ms. */
  coalesceMs?: number;
  /** Rows claimed per pass. */
  batch?: number;
  /** A claimed row not published within this time may be claimed by another relay (crash recovery). */
  leaseMs?: number;
  /** A failed row waits retryBaseMs·2^(attempts-1), capped, before it is tried again. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Published rows are deleted after this long (checked at most hourly). Default 7 days. */
  keepPublishedMs?: number;
  /**
   * Inbox markers (processed_events) are deleted after this long, checked with the outbox prune.
   * Default 8 days: longer than JetStream keeps an event (7 days, nats-bus), so no event can be
   * redelivered once its marker is gone.
   */
  keepProcessedMs?: number;
}

interface ClaimedRow {
  id: string;
  payload: unknown;
  attempts: number;
}

const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Publishes outbox rows; any number of relays (replicas) may run against one database.
 *
 * Design: a pass CLAIMS ready rows in one short statement (CTE with `FOR UPDATE SKIP LOCKED`,
 * setting a lease `locked_until`), commits, and only then publishes — outside any transaction —
 * marking each row published with `where state = 'pending'`. Hence:
 * - PostgreSQL, several replicas: SKIP LOCKED plus the lease give each ready row to one relay; a
 *   relay that dies mid-batch leaves leased rows that become claimable when the lease ends. A row
 *   may be published twice only if a publish outlives the lease; the bus dedups by event id and
 *   consumers by their inbox.
 * - PGlite (one connection behind a mutex): no transaction is open while publishing, so a local
 *   handler that writes to the same database cannot deadlock against the relay. Holding the claim
 *   transaction across publish (the textbook form) would deadlock exactly there.
 * A failed publish records attempts/last_error and pushes `locked_until` out by the backoff; the
 * pass then stops (the bus is likely down) and releases the rest of its claim.
 */
export class OutboxRelay<DB> {
  private readonly db: Kysely<DB>;
  private readonly bus: EventBus;
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly keepPublishedMs: number;
  private readonly keepProcessedMs: number;
  private readonly loop: PollLoop;
  private passes: Promise<unknown> = Promise.resolve();
  private lastPrune = 0;

  constructor(opts: OutboxRelayOptions<DB>) {
    this.db = opts.db;
    this.bus = opts.bus;
    this.logger = opts.logger;
    this.pollMs = opts.pollMs ?? 500;
    this.batch = opts.batch ?? 100;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.retryBaseMs = opts.retryBaseMs ?? 1000;
    this.retryMaxMs = opts.retryMaxMs ?? 60_000;
    this.keepPublishedMs = opts.keepPublishedMs ?? 7 * 24 * 60 * 60_000;
    this.keepProcessedMs = opts.keepProcessedMs ?? 8 * 24 * 60 * 60_000;
    this.loop = new PollLoop({
      name: 'outbox relay',
      logger: this.logger,
      pollMs: this.pollMs,
      // Idle back-off: only rows no wake() announced need the poll (a crashed writer's, another
      // replica's expired lease, a retry's backoff); each is late by at most maxPollMs.
      maxPollMs: opts.maxPollMs ?? 4000,
      coalesceMs: opts.coalesceMs ?? 10,
      pass: async () => {
        const { claimed, published } = await this.pass();
        await this.pruneIfDue();
        return { more: claimed === this.batch && published === claimed, idle: claimed === 0 };
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Run a pass now (call after committing a transaction that enqueued events). */
  wake(): void {
    this.loop.wake();
  }

  /** Stop the loop; resolves after the pass in progress has finished. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await this.passes.catch(() => undefined);
  }

  /** Run passes until no row is ready (rows waiting out a retry backoff are left). Returns rows published. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, published } = await this.pass();
      total += published;
      if (claimed === 0 || published < claimed) return total;
    }
  }

  /** One pass; passes never overlap within one relay. */
  pass(): Promise<{ claimed: number; published: number }> {
    const next = this.passes.catch(() => undefined).then(() => this.relayOnce());
    this.passes = next;
    return next;
  }

  private async relayOnce(): Promise<{ claimed: number; published: number }> {
    const rows = await this.claim();
    // Rows are published one by one, in order, and marked published together in one statement at
    // the end of the pass (one round trip instead of one per row). A relay that dies before the
    // mark leaves them leased: they are published again when the lease ends, which the bus's
    // dedup by event id and every consumer's inbox absorb — as for a publish that outlives its lease.
    const published: string[] = [];
    try {
      for (const [i, row] of rows.entries()) {
        try {
          if (!isEventEnvelope(row.payload)) throw new Error('outbox payload is not an event envelope');
          await publishTraced(this.bus, row.payload);
        } catch (err) {
          // The bus is not connected yet (a service started without NATS): not the row's fault, so no
          // attempt counts and no backoff grows; the rows go back and the next poll tries again.
          if (err instanceof BusUnavailableError) {
            await this.release(rows.slice(i));
            return { claimed: rows.length, published: published.length };
          }
          await this.markFailed(row, err);
          await this.release(rows.slice(i + 1));
          return { claimed: rows.length, published: published.length };
        }
        published.push(row.id);
      }
      return { claimed: rows.length, published: published.length };
    } finally {
      if (published.length > 0) await this.markPublished(published);
    }
  }

  private async markPublished(ids: string[]): Promise<void> {
    await sql`update outbox set state = 'published', published_at = now(), locked_until = null where id = any(${ids}::uuid[]) and state = 'pending'`.execute(this.db);
  }

  private async claim(): Promise<ClaimedRow[]> {
    const leaseSeconds = this.leaseMs / 1000;
    // UPDATE … RETURNING has no order, so the final select restores the outbox order.
    const res = await sql<ClaimedRow>`
      with ready as (
        select id, created_at, seq from outbox
        where state = 'pending' and (locked_until is null or locked_until <= now())
        order by created_at, seq
        limit ${this.batch}
        for update skip locked
      ), leased as (
        update outbox o set locked_until = now() + make_interval(secs => ${leaseSeconds})
        from ready where o.id = ready.id
        returning o.id, o.payload, o.attempts
      )
      select leased.id, leased.payload, leased.attempts
      from leased join ready on ready.id = leased.id
      order by ready.created_at, ready.seq
    `.execute(this.db);
    return res.rows;
  }

  private async markFailed(row: ClaimedRow, err: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const waitSeconds = Math.min(this.retryBaseMs * 2 ** (attempts - 1), this.retryMaxMs) / 1000;
    const message = errorText(err).slice(0, 2000);
    this.logger.warn({ eventId: row.id, attempts, err }, 'outbox publish failed, will retry');
    await sql`
      update outbox set attempts = attempts + 1, last_error = ${message}, locked_until = now() + make_interval(secs => ${waitSeconds})
      where id = ${row.id} and state = 'pending'
    `.execute(this.db);
  }

  private async release(rows: ClaimedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`update outbox set locked_until = null where id = any(${rows.map((r) => r.id)}::uuid[]) and state = 'pending'`.execute(this.db);
  }

  private async pruneIfDue(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    const keepSeconds = this.keepPublishedMs / 1000;
    await sql`delete from outbox where state = 'published' and published_at < now() - make_interval(secs => ${keepSeconds})`.execute(this.db);
    await sql`delete from processed_events where processed_at < now() - make_interval(secs => ${this.keepProcessedMs / 1000})`.execute(this.db);
  }
}

/**
 * Publish in a producer span continuing the trace the event was written in (its stored
 * traceparent; a new trace for an event written outside any span). The envelope then carries the
 * producer span's traceparent, so each consumer's span is its child. Tracing off: the event as stored.
 */
export function publishTraced(bus: EventBus, event: EventEnvelope): Promise<void> {
  const attributes = { 'messaging.system': bus.kind, 'messaging.operation.type': 'send', 'messaging.destination.name': event.type, 'messaging.message.id': event.id };
  return inSpan(`${event.type} publish`, { kind: SpanKind.PRODUCER, parent: event.traceparent ?? null, attributes }, () => {
    const traceparent = currentTraceparent();
    return bus.publish(traceparent ? { ...event, traceparent } : event);
  });
}
