import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection, type Subscription as NatsSubscription } from '@nats-io/transport-node';
import type { Logger } from '../logger';
import type { NatsAuthOptions } from './nats-auth';
import { isEventEnvelope } from './delivery';
import { assertFilters } from './subjects';
import type { EventBus, EventEnvelope, Subscription } from './types';

/**
 * Every event of some subjects to EVERY subscriber (fan-out), as it is published, with no
 * durability: what each gateway replica needs to push events to the browsers connected to it
 * (docs/decisions/051). Not for effects — a consumer that must not miss an event uses the bus's
 * durable subscriptions; a broadcast receiver catches up from the owning service instead.
 */
export interface EventBroadcast {
  subscribe(subjects: string[], handler: (event: EventEnvelope) => void): Promise<Subscription>;
  /**
   * Told when messages stop reaching this process (`false`: a lost connection, or a slow consumer
   * whose messages the server dropped) and when they reach it again (`true`). A receiver that keeps
   * state by these events treats everything before a `false` as possibly missed. The in-process bus
   * never loses one, so it never calls.
   */
  onConnectionChange?(listener: (heard: boolean) => void): void;
  close(): Promise<void>;
}

/**
 * On NATS: a core subscription per subject. JetStream's publish is a NATS publish the stream
 * captures, so core subscribers see the same messages, with no consumer state on the server.
 */
export async function natsBroadcast(url: string, logger: Logger, name = 'broadcast', auth: NatsAuthOptions = {}): Promise<EventBroadcast> {
  // waitOnFirstConnect: a broker that is down at start is retried, not fatal (the caller may not wait on it).
  const nc: NatsConnection = await connect({ servers: url, name, maxReconnectAttempts: -1, waitOnFirstConnect: true, ...auth });
  const subs = new Set<NatsSubscription>();
  const listeners = new Set<(heard: boolean) => void>();
  const tell = (heard: boolean) => {
    for (const l of listeners) l(heard);
  };
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'close') tell(false);
      else if (status.type === 'reconnect') tell(true);
      else if (status.type === 'slowConsumer') {
        tell(false);
        tell(true);
      }
    }
  })().catch((err: unknown) => logger.warn({ err }, 'broadcast status no longer followed'));
  return {
    onConnectionChange(listener) {
      listeners.add(listener);
    },
    async subscribe(subjects, handler) {
      assertFilters(name, subjects);
      const mine = subjects.map((subject) =>
        nc.subscribe(subject, {
          callback: (err, msg) => {
            if (err) {
              logger.warn({ err, subject }, 'broadcast subscription error');
              return;
            }
            let event: unknown;
            try {
              event = msg.json();
            } catch {
              logger.warn({ subject: msg.subject }, 'broadcast message is not JSON, ignored');
              return;
            }
            if (!isEventEnvelope(event)) return;
            try {
              handler(event);
            } catch (handlerErr) {
              logger.error({ err: handlerErr, type: event.type }, 'broadcast handler failed');
            }
          },
        }),
      );
      for (const s of mine) subs.add(s);
      // The server has the subscriptions once this returns: nothing published after it is missed.
      await nc.flush();
      return {
        stop: async () => {
          for (const s of mine) {
            s.unsubscribe();
            subs.delete(s);
          }
        },
      };
    },
    async close() {
      for (const s of subs) s.unsubscribe();
      subs.clear();
      await nc.drain().catch(() => undefined);
    },
  };
}

/** On the in-process bus (the embedded mode has one gateway): a subscription of its own, handled at once. */
export function busBroadcast(bus: EventBus, name = 'broadcast'): EventBroadcast {
  const subs = new Set<Subscription>();
  return {
    async subscribe(subjects, handler) {
      const sub = await bus.subscribe({
        consumer: `${name}-${randomUUID()}`,
        subjects,
        maxDeliver: 1,
        handler: async (event) => {
          handler(event);
        },
      });
      subs.add(sub);
      return {
        stop: async () => {
          subs.delete(sub);
          await sub.stop();
        },
      };
    },
    async close() {
      await Promise.all([...subs].map((s) => s.stop()));
      subs.clear();
    },
  };
}
