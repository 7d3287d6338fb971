import type { Logger } from '../logger';
import { assertConsumerName, assertMaxDeliver, assertPublishable, DEDUP_WINDOW_MS, DEFAULT_MAX_DELIVER, errorText, handleDelivery, retryDelayMs, type DeadLetter, type RetryPolicy } from './delivery';
import { assertFilters, subjectMatches } from './subjects';
import { TransientError, type EventBus, type EventEnvelope, type EventHandler, type SubscribeOptions, type Subscription } from './types';

export interface LocalEventBusOptions {
  logger: Logger;
  /** Same event id published again within this window has no effect. Default 2 minutes. */
  dedupWindowMs?: number;
  /** Backoff between attempts: retryBaseMs·2^(n-1), capped (also caps TransientError.retryAfterMs). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Dead letters kept in memory, newest last. */
  maxDeadLetters?: number;
  /** Events kept for the dedup window and for replay to consumers that subscribe late. */
  maxRetained?: number;
}

interface LocalSubscription {
  consumer: string;
  filters: string[];
  handler: EventHandler;
  maxDeliver: number;
  /** Deliveries run one after another per subscription: this is the end of its queue. */
  tail: Promise<void>;
  stopped: boolean;
  abort: AbortController;
}

interface Retained {
  event: EventEnvelope;
  at: number;
  delivery: Promise<void>;
}

/**
 * The in-process bus of the embedded mode, with the guarantees JetStream gives as far as one
 * process allows:
 * - `publish()` resolves only once every matching subscription has handled the event (or
 *   dead-lettered it after maxDeliver attempts), so the outbox relay marks a row published only
 *   after consumers ran; if the process dies first the row stays pending and is re-relayed at
 *   restart, and consumers dedupe through their inbox. It rejects when a subscription stops before
 *   handling (shutdown), so the row stays pending then too.
 * - Publishes are de-duplicated by event id within the dedup window.
 * - Durable-like consumers: an event published before a consumer subscribed (services start in
 *   any order) is replayed to it if still retained; per consumer name, an event handled once is
 *   not delivered again within the window.
 * - Per subscription, in order; different subscriptions concurrently.
 */
export class LocalEventBus implements EventBus {
  readonly kind = 'local' as const;
  private readonly logger: Logger;
  private readonly windowMs: number;
  private readonly retry: RetryPolicy;
  private readonly maxDeadLetters: number;
  private readonly maxRetained: number;
  private readonly subs = new Map<string, LocalSubscription>();
  private readonly retained = new Map<string, Retained>();
  private readonly handled = new Map<string, Map<string, number>>();
  private readonly dead: DeadLetter[] = [];
  private closed = false;

  constructor(opts: LocalEventBusOptions) {
    this.logger = opts.logger;
    this.windowMs = opts.dedupWindowMs ?? DEDUP_WINDOW_MS;
    this.retry = { baseMs: opts.retryBaseMs ?? 50, maxMs: opts.retryMaxMs ?? 2000 };
    this.maxDeadLetters = opts.maxDeadLetters ?? 1000;
    this.maxRetained = opts.maxRetained ?? 10_000;
  }

  async publish(event: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    assertPublishable(event);
    this.prune();
    const seen = this.retained.get(event.id);
    if (seen) return seen.delivery;
    // The wire form: each consumer gets its own copy, exactly what JSON over NATS would give it.
    const wire = JSON.stringify(event);
    const targets = [...this.subs.values()].filter((s) => s.filters.some((f) => subjectMatches(f, event.type)));
    const delivery = Promise.all(targets.map((s) => this.enqueue(s, wire))).then(() => undefined);
    const entry: Retained = { event: JSON.parse(wire) as EventEnvelope, at: Date.now(), delivery };
    this.retained.set(event.id, entry);
    // A failed publish is forgotten so that publishing it again (the relay retrying) is not a no-op.
    delivery.catch(() => {
      if (this.retained.get(event.id) === entry) this.retained.delete(event.id);
    });
    return delivery;
  }

  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('event bus is closed');
    assertConsumerName(opts.consumer);
    assertFilters(opts.consumer, opts.subjects);
    const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
    assertMaxDeliver(opts.consumer, maxDeliver);
    if (this.subs.has(opts.consumer)) throw new Error(`consumer ${opts.consumer} is already subscribed on the local bus`);
    const sub: LocalSubscription = {
      consumer: opts.consumer,
      filters: [...opts.subjects],
      handler: opts.handler,
      maxDeliver,
      tail: Promise.resolve(),
      stopped: false,
      abort: new AbortController(),
    };
    this.subs.set(sub.consumer, sub);
    this.prune();
    for (const r of this.retained.values()) {
      if (!sub.filters.some((f) => subjectMatches(f, r.event.type))) continue;
      this.enqueue(sub, JSON.stringify(r.event)).catch((err: unknown) =>
        this.logger.warn({ consumer: sub.consumer, eventId: r.event.id, err }, 'replay of retained event not completed'),
      );
    }
    return { stop: () => this.stopSubscription(sub) };
  }

  /** Dead letters so far, oldest first (for operators and tests). */
  deadLetters(): DeadLetter[] {
    return this.dead.map((d) => ({ ...d }));
  }

  /**
   * A view for one service of a bus shared by the whole process: its close() stops only the
   * subscriptions made through it, so one service shutting down does not close the others' bus.
   */
  scope(): EventBus {
    const mine = new Set<Subscription>();
    let closed = false;
    return {
      kind: this.kind,
      publish: (event) => (closed ? Promise.reject(new Error('event bus is closed')) : this.publish(event)),
      subscribe: async (opts) => {
        if (closed) throw new Error('event bus is closed');
        const sub = await this.subscribe(opts);
        const tracked: Subscription = {
          stop: async () => {
            mine.delete(tracked);
            await sub.stop();
          },
        };
        mine.add(tracked);
        return tracked;
      },
      close: async () => {
        closed = true;
        await Promise.all([...mine].map((s) => s.stop()));
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subs.values()].map((s) => this.stopSubscription(s)));
  }

  private enqueue(sub: LocalSubscription, wire: string): Promise<void> {
    const run = sub.tail.then(() => this.deliver(sub, JSON.parse(wire) as EventEnvelope));
    sub.tail = run.catch(() => undefined);
    return run;
  }

  private async deliver(sub: LocalSubscription, event: EventEnvelope): Promise<void> {
    if (this.handled.get(sub.consumer)?.has(event.id)) return;
    for (let attempt = 1; ; attempt++) {
      if (sub.stopped) throw new Error(`consumer ${sub.consumer} stopped before handling event ${event.id}`);
      try {
        await handleDelivery('local', sub.consumer, event, attempt, sub.handler);
        this.markHandled(sub.consumer, event.id);
        return;
      } catch (err) {
        if (attempt >= sub.maxDeliver) {
          this.deadLetter(sub, event, err, attempt);
          this.markHandled(sub.consumer, event.id);
          return;
        }
        const waitMs = retryDelayMs(attempt, err, this.retry);
        // A TransientError is a handler asking to be called again later, not a failure.
        this.logger[err instanceof TransientError ? 'debug' : 'warn']({ consumer: sub.consumer, eventId: event.id, type: event.type, attempt, waitMs, err }, 'event handler failed, will retry');
        await sleep(waitMs, sub.abort.signal);
      }
    }
  }

  private deadLetter(sub: LocalSubscription, event: EventEnvelope, err: unknown, deliveries: number): void {
    const letter: DeadLetter = {
      consumer: sub.consumer,
      subject: event.type,
      event,
      error: errorText(err),
      deliveries,
      deadLetteredAt: new Date().toISOString(),
    };
    this.dead.push(letter);
    if (this.dead.length > this.maxDeadLetters) this.dead.shift();
    this.logger.error({ consumer: sub.consumer, eventId: event.id, type: event.type, deliveries, err }, 'event dead-lettered');
  }

  private markHandled(consumer: string, eventId: string): void {
    let ids = this.handled.get(consumer);
    if (!ids) this.handled.set(consumer, (ids = new Map()));
    ids.delete(eventId);
    ids.set(eventId, Date.now());
  }

  private async stopSubscription(sub: LocalSubscription): Promise<void> {
    sub.stopped = true;
    sub.abort.abort();
    if (this.subs.get(sub.consumer) === sub) this.subs.delete(sub.consumer);
    await sub.tail;
  }

  /** Drop what fell out of the window; Maps iterate in insertion order, so stop at the first young entry. */
  private prune(): void {
    const cutoff = Date.now() - this.windowMs;
    for (const [id, r] of this.retained) {
      if (r.at >= cutoff && this.retained.size <= this.maxRetained) break;
      this.retained.delete(id);
    }
    for (const ids of this.handled.values()) {
      for (const [id, at] of ids) {
        if (at >= cutoff && ids.size <= this.maxRetained) break;
        ids.delete(id);
      }
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
