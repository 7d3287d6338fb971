import { TransientError, type EventEnvelope } from './types';
import { isValidSubject } from './subjects';
import { withRequestId } from '../logger';
import { inSpan, SpanKind } from '../telemetry/trace-context';

export const DEFAULT_MAX_DELIVER = 8;
/** Publishes of the same event id within this window are de-duplicated (JetStream `duplicate_window`). */
export const DEDUP_WINDOW_MS = 2 * 60_000;

/** What a consumer gave up on: kept by the local bus, published to `deadletter.<consumer>` on NATS. */
export interface DeadLetter {
  consumer: string;
  subject: string;
  /** Null when the message was not a valid envelope; `raw` then holds its text. */
  event: EventEnvelope | null;
  raw?: string;
  error: string;
  deliveries: number;
  deadLetteredAt: string;
}

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
}

/**
 * Wait before delivery `attempt + 1`: exponential from `baseMs`, or the handler's own
 * TransientError hint; both capped at `maxMs` so one message cannot park a consumer for long.
 */
export function retryDelayMs(attempt: number, err: unknown, policy: RetryPolicy): number {
  const wanted = err instanceof TransientError ? err.retryAfterMs : policy.baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.max(0, Math.min(wanted, policy.maxMs));
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

export function assertMaxDeliver(consumer: string, maxDeliver: number): void {
  if (!Number.isInteger(maxDeliver) || maxDeliver < 1) throw new Error(`consumer ${consumer}: maxDeliver must be a positive integer`);
}

const CONSUMER_NAME = /^[A-Za-z0-9_-]{1,100}$/;

export function assertConsumerName(consumer: string): void {
  if (!CONSUMER_NAME.test(consumer)) throw new Error(`invalid consumer name "${consumer}" (letters, digits, - and _ only)`);
}

export function isEventEnvelope(value: unknown): value is EventEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.occurredAt === 'string' &&
    typeof v.aggregateId === 'string' &&
    typeof v.aggregateVersion === 'number' &&
    (v.traceparent === undefined || typeof v.traceparent === 'string') &&
    'data' in v
  );
}

/** Publishing checks the envelope once so both buses refuse the same mistakes. */
export function assertPublishable(event: EventEnvelope): void {
  if (!isEventEnvelope(event)) throw new Error('not an event envelope');
  if (event.id.length === 0) throw new Error('event id is required');
  if (!isValidSubject(event.type)) throw new Error(`event type "${event.type}" is not a valid subject`);
}

/**
 * Run a consumer's handler for one delivery: in a consumer span that continues the trace the
 * event's traceparent names (the request that caused it), and with the event id as the requestId
 * of every line the handler logs. Both buses deliver through this.
 */
export function handleDelivery(bus: 'local' | 'nats', consumer: string, event: EventEnvelope, delivery: number, handler: (event: EventEnvelope) => Promise<void>): Promise<void> {
  const attributes = {
    'messaging.system': bus,
    'messaging.operation.type': 'process',
    'messaging.destination.name': event.type,
    'messaging.consumer.group.name': consumer,
    'messaging.message.id': event.id,
    'messaging.delivery.count': delivery,
  };
  return inSpan(`${event.type} process`, { kind: SpanKind.CONSUMER, parent: event.traceparent ?? null, attributes }, () => withRequestId(event.id, () => handler(event)));
}
