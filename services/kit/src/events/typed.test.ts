import { randomUUID } from 'node:crypto';
import { identityEvents } from '@caskade/proto';
import pino from 'pino';
import { LocalEventBus } from './local-bus';
import { defineConsumer, defineEvent, MalformedEventError, type TypedEvent } from './typed';
import type { EventEnvelope } from './types';

const logger = pino({ level: 'silent' });

// Test subjects on real generated codecs (a service's own subjects live only in its registry).
const Deleted = defineEvent('accounts.user.deleted', identityEvents.UserDeleted);
const Revoked = defineEvent('accounts.user.sessions_revoked', identityEvents.SessionsRevoked);

function envelope(type: string, data: unknown): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), aggregateId: 'u1', aggregateVersion: 2, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', data };
}

describe('defineEvent', () => {
  test('encodes to proto3 JSON and decodes back', () => {
    const data = { userId: 'u1', sessionVersion: 3, status: 'banned' };
    expect(Revoked.encode(data)).toEqual({ userId: 'u1', sessionVersion: 3, status: 'banned' });
    expect(Revoked.decode(JSON.parse(JSON.stringify(Revoked.encode(data))))).toEqual(data);
    // proto3 JSON leaves out default values; decoding restores them.
    expect(Revoked.encode({ userId: 'u1', sessionVersion: 0, status: '' })).toEqual({ userId: 'u1' });
    expect(Revoked.decode({ userId: 'u1' })).toEqual({ userId: 'u1', sessionVersion: 0, status: '' });
  });

  test('refuses a subject with wildcards and data that is not an object', () => {
    expect(() => defineEvent('accounts.user.*', identityEvents.UserDeleted)).toThrow(/not a valid subject/);
    expect(() => Deleted.decode('u1')).toThrow('accounts.user.deleted: data is not an object');
    expect(() => Deleted.decode(null)).toThrow(/data is not an object/);
  });

  test('the payload type is checked at compile time', () => {
    // @ts-expect-error sessionVersion belongs to another event
    const wrong = () => Deleted.encode({ userId: 'u1', sessionVersion: 1 });
    expect(typeof wrong).toBe('function');
    // @ts-expect-error userId is required
    const missing = () => Deleted.encode({});
    expect(typeof missing).toBe('function');
  });
});

describe('defineConsumer', () => {
  test('subscribes to the definitions\' subjects and hands over typed, decoded payloads', async () => {
    const bus = new LocalEventBus({ logger, retryBaseMs: 5, retryMaxMs: 20 });
    const got: string[] = [];
    const seen: TypedEvent<typeof Deleted | typeof Revoked>[] = [];
    const consumer = defineConsumer('accounts-test', [Deleted, Revoked]);
    expect(consumer.events.map((e) => e.subject)).toEqual(['accounts.user.deleted', 'accounts.user.sessions_revoked']);
    const sub = consumer.handle(async (event) => {
      seen.push(event);
      // The subject discriminates the payload's type.
      if (event.type === 'accounts.user.deleted') got.push(`deleted ${event.data.userId}`);
      else got.push(`revoked ${event.data.userId} v${event.data.sessionVersion} ${event.data.status}`);
    });
    expect(sub.consumer).toBe('accounts-test');
    expect(sub.subjects).toEqual(['accounts.user.deleted', 'accounts.user.sessions_revoked']);
    await bus.subscribe(sub);
    await bus.publish(envelope(Deleted.subject, { userId: 'u1' }));
    await bus.publish(envelope(Revoked.subject, { userId: 'u2', sessionVersion: '4', status: 'deleted' }));
    await bus.publish(envelope('accounts.user.signed_up', { userId: 'u3' }));
    expect(got).toEqual(['deleted u1', 'revoked u2 v4 deleted']);
    expect(seen[0]).toMatchObject({ aggregateId: 'u1', aggregateVersion: 2, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    await bus.close();
  });

  test('a payload that is not an object is dead-lettered after maxDeliver; the next event still arrives', async () => {
    const bus = new LocalEventBus({ logger, retryBaseMs: 5, retryMaxMs: 20 });
    const got: string[] = [];
    await bus.subscribe(defineConsumer('accounts-poison', [Deleted]).handle(async (event) => void got.push(event.data.userId), { maxDeliver: 2 }));
    const bad = envelope(Deleted.subject, 'not json');
    await bus.publish(bad);
    await bus.publish(envelope(Deleted.subject, { userId: 'u9' }));
    expect(got).toEqual(['u9']);
    expect(bus.deadLetters()).toMatchObject([{ consumer: 'accounts-poison', subject: 'accounts.user.deleted', deliveries: 2, event: { id: bad.id } }]);
    expect(bus.deadLetters()[0]?.error).toBe(`MalformedEventError: event ${bad.id} (accounts.user.deleted): accounts.user.deleted: data is not an object`);
    await bus.close();
  });

  test('a subject outside the definitions is refused as malformed (only a mis-wired bus delivers one)', async () => {
    const sub = defineConsumer('accounts-direct', [Deleted]).handle(async () => undefined);
    await expect(sub.handler(envelope('accounts.user.signed_up', {}))).rejects.toThrow(MalformedEventError);
  });

  test('filters are validated as every subscription\'s are: overlapping definitions are refused', async () => {
    const bus = new LocalEventBus({ logger });
    await expect(bus.subscribe(defineConsumer('accounts-twice', [Deleted, Deleted]).handle(async () => undefined))).rejects.toThrow(/overlap/);
    await bus.close();
  });
});
