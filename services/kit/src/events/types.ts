/**
 * Event envelope and bus contract. Subjects are `<service>.<aggregate>.<event>`, e.g.
 * `identity.user.signed_up`; the envelope's `type` is the subject. Payload shapes are defined in
 * proto/ (caskade.events.*) and travel as their proto3 JSON form in `data`.
 * Never put card numbers, passwords or auth tokens in an event.
 */
import type { EventBroadcast } from './broadcast';

export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  aggregateId: string;
  aggregateVersion: number;
  traceparent?: string;
  data: T;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

/** A handler throws TransientError to be retried later; anything else is retried up to maxDeliver, then dead-lettered. */
export class TransientError extends Error {
  constructor(message: string, readonly retryAfterMs = 1000) {
    super(message);
    this.name = 'TransientError';
  }
}

export interface SubscribeOptions {
  /** Durable consumer name: `<service>-<purpose>`, e.g. `notifications-emails`. */
  consumer: string;
  /** Subject filters, NATS wildcards allowed (`identity.user.*`, `identity.>`). */
  subjects: string[];
  handler: EventHandler;
  /** Deliveries before a failing message goes to the dead-letter subject. Default 8. */
  maxDeliver?: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventBus {
  readonly kind: 'local' | 'nats';
  /** Publish once: a second publish of the same event id within the dedup window has no effect. */
  publish(event: EventEnvelope): Promise<void>;
  /** Durable, at-least-once, explicit ack after the awaited handler succeeds. */
  subscribe(opts: SubscribeOptions): Promise<Subscription>;
  /**
   * A fan-out on this bus's broker (every event of some subjects to every replica, not durable),
   * named `name`; absent where the bus has none. What a replica's caches follow (docs/decisions/075).
   */
  fanOut?(name: string): Promise<EventBroadcast>;
  close(): Promise<void>;
}
