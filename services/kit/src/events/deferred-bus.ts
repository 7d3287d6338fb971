/**
 * A service starts and serves without NATS (docs/decisions/030): this bus connects to JetStream in
 * the background, retrying with backoff, and until then publishing fails — the outbox keeps the
 * event pending and publishes it once NATS is there — while subscriptions wait and start on
 * connection. Once connected, the NATS client itself reconnects after later outages.
 */
import type { Logger } from '../logger';
import type { EventBroadcast } from './broadcast';
import type { EventBus, EventEnvelope, Subscription, SubscribeOptions } from './types';

export interface DeferredBusOptions {
  logger: Logger;
  /** Opens the real bus; called again after each failure until it succeeds or the bus closes. */
  connect: () => Promise<EventBus>;
  /** Opens a fan-out on the same broker (its own connection, retried until the broker is there). */
  fanOut?: (name: string) => Promise<EventBroadcast>;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export class BusUnavailableError extends Error {
  constructor() {
    super('event bus not connected yet');
    this.name = 'BusUnavailableError';
  }
}

interface Pending {
  opts: SubscribeOptions;
  started: Subscription | null;
  stopped: boolean;
}

export class DeferredEventBus implements EventBus {
  readonly kind = 'nats' as const;
  private bus: EventBus | null = null;
  private closed = false;
  private readonly pending = new Set<Pending>();
  private timer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private readonly connecting: Promise<void>;
  private wakeUp: () => void = () => undefined;

  readonly fanOut?: (name: string) => Promise<EventBroadcast>;

  constructor(private readonly opts: DeferredBusOptions) {
    if (opts.fanOut) this.fanOut = opts.fanOut;
    this.connecting = this.connectLoop();
  }

  /** Connected to the broker (health reports the bus as degraded otherwise). */
  get connected(): boolean {
    return this.bus !== null;
  }

  /** Resolves once connected (or closed); for tests and boot logs. */
  async ready(): Promise<void> {
    await this.connecting;
  }

  async publish(event: EventEnvelope): Promise<void> {
    if (!this.bus) throw new BusUnavailableError();
    await this.bus.publish(event);
  }

  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('event bus is closed');
    const entry: Pending = { opts, started: this.bus ? await this.bus.subscribe(opts) : null, stopped: false };
    this.pending.add(entry);
    return {
      stop: async () => {
        entry.stopped = true;
        this.pending.delete(entry);
        await entry.started?.stop();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.wakeUp();
    await this.connecting;
    await Promise.all([...this.pending].map((p) => p.started?.stop()));
    this.pending.clear();
    await this.bus?.close();
  }

  private async connectLoop(): Promise<void> {
    const base = this.opts.retryBaseMs ?? 500;
    const max = this.opts.retryMaxMs ?? 10_000;
    while (!this.closed) {
      let bus: EventBus | null = null;
      try {
        bus = await this.opts.connect();
        if (this.closed) {
          await bus.close();
          return;
        }
        for (const entry of this.pending) if (!entry.stopped && !entry.started) entry.started = await bus.subscribe(entry.opts);
        this.bus = bus;
        if (this.attempt > 0) this.opts.logger.info({ attempts: this.attempt + 1 }, 'event bus connected; held events are published now');
        return;
      } catch (err) {
        // Whatever this attempt started dies with its connection; the next attempt starts it again.
        for (const entry of this.pending) entry.started = null;
        await bus?.close().catch(() => undefined);
        this.attempt += 1;
        const delay = Math.min(max, base * 2 ** Math.min(this.attempt - 1, 10));
        this.opts.logger.warn({ err, attempt: this.attempt, retryInMs: delay }, 'event bus unavailable; serving without it, events held in the outbox');
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          this.timer = setTimeout(resolve, delay);
        });
      }
    }
  }
}
