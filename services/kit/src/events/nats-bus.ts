import { AckPolicy, DeliverPolicy, jetstream, JetStreamApiCodes, JetStreamApiError, jetstreamManager, StorageType, type ConsumerConfig, type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { connect, headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../logger';
import { assertConsumerName, assertMaxDeliver, assertPublishable, DEDUP_WINDOW_MS, DEFAULT_MAX_DELIVER, errorText, handleDelivery, isEventEnvelope, retryDelayMs, type DeadLetter, type RetryPolicy } from './delivery';
import { assertFilters } from './subjects';
import type { NatsAuthOptions } from './nats-auth';
import { eventsHandled } from '../metrics';
import { TransientError, type EventBus, type EventEnvelope, type SubscribeOptions, type Subscription } from './types';

/** Every service's event subjects; the stream is widened at connect when this list grows. */
export const EVENT_SUBJECTS = ['identity.>', 'catalog.>', 'cart.>', 'orders.>', 'payments.>', 'messaging.>', 'notifications.>', 'shipping.>', 'subscriptions.>'];
export const EVENTS_STREAM = 'CASKADE_EVENTS';
export const DEAD_LETTER_STREAM = 'CASKADE_DLQ';
export const DEAD_LETTER_PREFIX = 'deadletter';

const DAY_MS = 24 * 60 * 60_000;

export interface NatsEventBusOptions {
  url: string;
  logger: Logger;
  /** Connection name shown by the server (the service name). */
  name?: string;
  /** Credentials and TLS (natsAuthOptions: NATS_USER/NATS_PASSWORD or NATS_CREDS_FILE, NATS_TLS_*). */
  auth?: NatsAuthOptions;
  /** Overridable so tests can run on their own streams; production uses the defaults. */
  stream?: { name: string; subjects: string[] };
  deadLetter?: { stream: string; prefix: string };
  /** How long stream messages are kept (a new durable consumer starts from the oldest). Default 7 days. */
  maxAgeMs?: number;
  /** Redelivery after this long without an ack; kept alive by `working()` while a handler runs. Default 30s. */
  ackWaitMs?: number;
  /** nak delay for a failed handler: retryBaseMs·2^(n-1), capped at retryMaxMs (also caps TransientError). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Messages pulled ahead per consumer; handled one at a time. */
  prefetch?: number;
}

interface ConsumerLoop {
  stop(): Promise<void>;
}

/**
 * EventBus on NATS JetStream (server 2.9): one file stream for all events with `Nats-Msg-Id`
 * de-duplication, durable pull consumers with explicit ack, nak with backoff, and dead letters
 * published to `deadletter.<consumer>` (stream CASKADE_DLQ) before the message is terminated.
 */
export class NatsEventBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly loops = new Set<ConsumerLoop>();
  private readonly retry: RetryPolicy;
  private readonly ackWaitMs: number;
  private readonly streamName: string;
  private readonly dlqPrefix: string;
  private closing = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly opts: NatsEventBusOptions,
  ) {
    this.retry = { baseMs: opts.retryBaseMs ?? 1000, maxMs: opts.retryMaxMs ?? 60_000 };
    this.ackWaitMs = opts.ackWaitMs ?? 30_000;
    this.streamName = opts.stream?.name ?? EVENTS_STREAM;
    this.dlqPrefix = opts.deadLetter?.prefix ?? DEAD_LETTER_PREFIX;
  }

  static async connect(opts: NatsEventBusOptions): Promise<NatsEventBus> {
    const nc = await connect({ servers: opts.url, name: opts.name, maxReconnectAttempts: -1, ...opts.auth });
    try {
      const jsm = await jetstreamManager(nc);
      const maxAgeMs = opts.maxAgeMs ?? 7 * DAY_MS;
      const replicas = streamReplicas(nc.info);
      await ensureStream(jsm, opts.stream?.name ?? EVENTS_STREAM, opts.stream?.subjects ?? EVENT_SUBJECTS, maxAgeMs, replicas);
      await ensureStream(jsm, opts.deadLetter?.stream ?? DEAD_LETTER_STREAM, [`${opts.deadLetter?.prefix ?? DEAD_LETTER_PREFIX}.>`], Math.max(maxAgeMs, 30 * DAY_MS), replicas);
      void logConnectionStatus(nc, opts.logger);
      return new NatsEventBus(nc, jetstream(nc), jsm, opts);
    } catch (err) {
      await nc.close();
      throw err;
    }
  }

  async publish(event: EventEnvelope): Promise<void> {
    assertPublishable(event);
    const h = headers();
    if (event.traceparent) h.set('traceparent', event.traceparent);
    const ack = await this.js.publish(event.type, JSON.stringify(event), { msgID: event.id, headers: h });
    if (ack.duplicate) this.opts.logger.debug({ eventId: event.id, type: event.type }, 'duplicate publish ignored by the stream');
  }

  /**
   * A server 2.9 consumer has one filter subject, so each subject filter gets its own durable
   * consumer: `<consumer>` for a single filter, `<consumer>-<n>` (n = position in `subjects`)
   * for several. Keep the order of `subjects` stable and append new filters at the end: renaming
   * a durable starts it over from the oldest retained message (harmless with the inbox, but slow).
   */
  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    if (this.closing) throw new Error('event bus is closed');
    assertConsumerName(opts.consumer);
    assertFilters(opts.consumer, opts.subjects);
    const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
    assertMaxDeliver(opts.consumer, maxDeliver);
    const durables = opts.subjects.map((filter, n) => ({ filter, durable: opts.subjects.length === 1 ? opts.consumer : `${opts.consumer}-${n + 1}` }));
    for (const d of durables) await this.ensureConsumer(d.durable, d.filter, maxDeliver);
    const loops = await Promise.all(durables.map((d) => this.startLoop(d.durable, opts, maxDeliver)));
    return {
      stop: async () => {
        await Promise.all(loops.map((l) => l.stop()));
      },
    };
  }

  /** Consumer names this bus creates for a subscription (for operators and tests). */
  static durableNames(opts: Pick<SubscribeOptions, 'consumer' | 'subjects'>): string[] {
    return opts.subjects.length === 1 ? [opts.consumer] : opts.subjects.map((_, n) => `${opts.consumer}-${n + 1}`);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.loops].map((l) => l.stop()));
    if (!this.nc.isClosed()) await this.nc.drain();
  }

  private async ensureConsumer(durable: string, filter: string, maxDeliver: number): Promise<void> {
    // No server-side `backoff`: on 2.9 it replaces ack_wait in the redelivery check, so a nak's own
    // delay is only honoured on the first delivery (a nak(100ms) on the second waits ~30s). Failed
    // handlers are retried by our nak delays; a crashed one is redelivered after ack_wait.
    const tunable = { ack_wait: nanos(this.ackWaitMs), max_deliver: maxDeliver, backoff: [], max_ack_pending: 1000 };
    try {
      const info = await this.jsm.consumers.info(this.streamName, durable);
      if (info.config.filter_subject !== filter) {
        throw new Error(`durable consumer ${durable} filters "${info.config.filter_subject ?? ''}", not "${filter}": keep subject order stable or delete the consumer`);
      }
      await this.jsm.consumers.update(this.streamName, durable, tunable);
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound)) throw err;
      const config: Partial<ConsumerConfig> = {
        ...tunable,
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: filter,
      };
      await this.jsm.consumers.add(this.streamName, config);
    }
  }

  private async startLoop(durable: string, opts: SubscribeOptions, maxDeliver: number): Promise<ConsumerLoop> {
    const consumer = await this.js.consumers.get(this.streamName, durable);
    const messages: ConsumerMessages = await consumer.consume({ max_messages: this.opts.prefetch ?? 16 });
    let stopping = false;
    const done = (async () => {
      for await (const m of messages) {
        // Pulled but not started: hand it back at once rather than after ack_wait.
        if (stopping) {
          m.nak();
          continue;
        }
        await this.handle(m, durable, opts, maxDeliver);
      }
    })().catch((err: unknown) => this.opts.logger.error({ consumer: durable, err }, 'event consumer loop ended with an error'));
    const loop: ConsumerLoop = {
      stop: async () => {
        stopping = true;
        this.loops.delete(loop);
        messages.stop();
        await done;
      },
    };
    this.loops.add(loop);
    return loop;
  }

  private async handle(m: JsMsg, durable: string, opts: SubscribeOptions, maxDeliver: number): Promise<void> {
    const deliveries = m.info.deliveryCount;
    let event: EventEnvelope;
    try {
      const parsed: unknown = m.json();
      if (!isEventEnvelope(parsed)) throw new Error('payload is not an event envelope');
      event = parsed;
    } catch (err) {
      // Retrying cannot make a malformed message valid: dead-letter it now.
      await this.deadLetterOrRetry(m, { consumer: opts.consumer, subject: m.subject, event: null, raw: m.string(), error: errorText(err), deliveries, deadLetteredAt: new Date().toISOString() }, durable);
      return;
    }
    const heartbeat = setInterval(() => m.working(), Math.max(1000, this.ackWaitMs / 3));
    let failure: { err: unknown } | null = null;
    try {
      // In the trace of the request that caused the event; every line logged carries the event's id as its requestId.
      await handleDelivery('nats', opts.consumer, event, deliveries, opts.handler);
    } catch (err) {
      failure = { err };
    } finally {
      clearInterval(heartbeat);
    }
    if (failure) {
      if (deliveries >= maxDeliver) {
        await this.deadLetterOrRetry(m, { consumer: opts.consumer, subject: m.subject, event, error: errorText(failure.err), deliveries, deadLetteredAt: new Date().toISOString() }, durable);
      } else {
        const delay = retryDelayMs(deliveries, failure.err, this.retry);
        eventsHandled.inc({ consumer: opts.consumer, outcome: 'retry' });
        // A TransientError is a handler asking to be called again later, not a failure.
        this.opts.logger[failure.err instanceof TransientError ? 'debug' : 'warn']({ consumer: durable, eventId: event.id, type: event.type, deliveries, delay, err: failure.err }, 'event handler failed, will be redelivered');
        m.nak(delay);
      }
      return;
    }
    eventsHandled.inc({ consumer: opts.consumer, outcome: 'ok' });
    // A plain ack, not a confirmed one (ackAck is a request/reply per message): the effect is
    // committed with its inbox marker, so a lost ack means only a redelivery, which is a no-op.
    m.ack();
  }

  /** term() only once the dead letter is stored; if that fails, nak so the message is not lost silently. */
  private async deadLetterOrRetry(m: JsMsg, letter: DeadLetter, durable: string): Promise<void> {
    const subject = `${this.dlqPrefix}.${letter.consumer}`;
    try {
      const msgID = `${durable}:${letter.event?.id ?? `seq-${m.seq}`}`;
      await this.js.publish(subject, JSON.stringify(letter), { msgID });
      eventsHandled.inc({ consumer: letter.consumer, outcome: 'dead_letter' });
      this.opts.logger.error({ consumer: durable, subject: letter.subject, eventId: letter.event?.id, deliveries: letter.deliveries, error: letter.error }, 'event dead-lettered');
      // No reason text: server 2.9 only understands a bare +TERM.
      m.term();
    } catch (err) {
      this.opts.logger.error({ consumer: durable, err }, 'dead-letter publish failed; message left for redelivery');
      m.nak(this.retry.maxMs);
    }
  }
}

/**
 * Stream replicas follow the NATS cluster: one on a single server, three (JetStream's usual
 * quorum) on a cluster of three or more. The INFO a server sends lists the client URLs of every
 * server of its cluster.
 */
export function streamReplicas(info: { cluster?: string; connect_urls?: string[] } | undefined): number {
  if (!info?.cluster) return 1;
  const servers = new Set(info.connect_urls ?? []).size;
  return Math.max(1, Math.min(3, servers));
}

/** Create the stream, or widen its subjects if it exists with fewer, and raise its replicas to the cluster's (replicas may race: both end the same). */
async function ensureStream(jsm: JetStreamManager, name: string, subjects: string[], maxAgeMs: number, replicas = 1): Promise<void> {
  try {
    const info = await jsm.streams.info(name);
    const missing = subjects.filter((s) => !info.config.subjects.includes(s));
    if (missing.length > 0 || (info.config.num_replicas ?? 1) < replicas) {
      await jsm.streams.update(name, { subjects: [...info.config.subjects, ...missing], num_replicas: Math.max(info.config.num_replicas ?? 1, replicas) });
    }
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    await jsm.streams.add({
      name,
      subjects,
      storage: StorageType.File,
      duplicate_window: nanos(DEDUP_WINDOW_MS),
      max_age: nanos(maxAgeMs),
      num_replicas: replicas,
    });
  }
}

/** Disconnects and reconnects of the NATS connection, logged (warn and info) as they happen. */
async function logConnectionStatus(nc: NatsConnection, logger: Logger): Promise<void> {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect') logger.warn({ nats: s.type, server: 'server' in s ? s.server : undefined }, 'NATS disconnected; reconnecting');
    else if (s.type === 'reconnect') logger.info({ nats: s.type, server: 'server' in s ? s.server : undefined }, 'NATS reconnected');
    else if (s.type === 'error') logger.warn({ nats: s.type, err: 'error' in s ? s.error : undefined }, 'NATS connection error');
  }
}
