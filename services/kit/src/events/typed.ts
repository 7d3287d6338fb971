import { isValidSubject } from './subjects';
import type { EventEnvelope, EventHandler, SubscribeOptions } from './types';

/**
 * Typed events (docs/decisions/021): a subject is written once, in its service's registry
 * (`services/<svc>/src/events/registry.ts`), paired with the ts-proto message that is its payload.
 * Producers enqueue through the definition and consumers receive decoded payloads, so a subject and
 * its payload type cannot drift apart.
 */

/** The part of a ts-proto message codec an event needs: the payload travels as proto3 JSON. */
export interface EventCodec<T> {
  fromJSON(object: unknown): T;
  toJSON(message: T): unknown;
}

export interface EventDefinition<S extends string = string, T = unknown> {
  /** `<service>.<aggregate>.<event>`, e.g. `identity.user.deleted`; the envelope's `type`. */
  readonly subject: S;
  readonly codec: EventCodec<T>;
  /** The payload as it travels in the envelope's `data` (proto3 JSON). */
  encode(data: T): unknown;
  /** A received `data` back into the message; refuses what is not a JSON object. */
  decode(data: unknown): T;
}

export type PayloadOf<D> = D extends EventDefinition<string, infer T> ? T : never;

/** Thrown for a payload that can never be decoded: the bus retries it, then dead-letters it. */
export class MalformedEventError extends Error {
  constructor(event: Pick<EventEnvelope, 'id' | 'type'>, problem: string) {
    super(`event ${event.id} (${event.type}): ${problem}`);
    this.name = 'MalformedEventError';
  }
}

export function defineEvent<S extends string, T>(subject: S, codec: EventCodec<T>): EventDefinition<S, T> {
  if (!isValidSubject(subject)) throw new Error(`event subject "${subject}" is not a valid subject`);
  return {
    subject,
    codec,
    encode: (data) => codec.toJSON(data),
    decode: (data) => {
      if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${subject}: data is not an object`);
      return codec.fromJSON(data);
    },
  };
}

/** One decoded event of a consumer's definitions; `type` tells which (a discriminated union). */
export type TypedEvent<D extends EventDefinition> = D extends EventDefinition<infer S, infer T> ? Omit<EventEnvelope<T>, 'type'> & { type: S } : never;

export interface ConsumerOptions {
  /** Deliveries before a failing message goes to the dead-letter subject (bus default 8). */
  maxDeliver?: number;
}

/** A durable consumer and the events it takes, known without its handler (the registries list them for the docs). */
export interface ConsumerDefinition<Ds extends readonly EventDefinition[] = readonly EventDefinition[]> {
  /** Durable consumer name: `<service>-<purpose>`, e.g. `notifications-emails`. */
  readonly name: string;
  readonly events: Ds;
  /**
   * The bus subscription: its filters are the events' subjects (checked by the bus as every filter
   * is) and the handler gets each payload decoded. A payload that is not a JSON object throws
   * MalformedEventError (retried, then dead-lettered); so does a subject that is not one of the
   * events, which only a mis-wired bus could deliver.
   */
  handle(handler: (event: TypedEvent<Ds[number]>) => Promise<void>, options?: ConsumerOptions): SubscribeOptions;
}

export function defineConsumer<const Ds extends readonly EventDefinition[]>(name: string, events: Ds): ConsumerDefinition<Ds> {
  const bySubject = new Map<string, EventDefinition>(events.map((d) => [d.subject, d]));
  return {
    name,
    events,
    handle(handler, options = {}) {
      const handle: EventHandler = async (event) => {
        const definition = bySubject.get(event.type);
        if (!definition) throw new MalformedEventError(event, `not an event of consumer ${name}`);
        let data: unknown;
        try {
          data = definition.decode(event.data);
        } catch (err) {
          throw new MalformedEventError(event, err instanceof Error ? err.message : String(err));
        }
        // The definition was found by this very subject, so the pair matches the union member.
        await handler({ ...event, data } as TypedEvent<Ds[number]>);
      };
      return { consumer: name, subjects: events.map((d) => d.subject), handler: handle, ...(options.maxDeliver !== undefined ? { maxDeliver: options.maxDeliver } : {}) };
    },
  };
}
