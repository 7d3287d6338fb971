import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { LocalEventBus } from './local-bus';
import { TransientError, type EventEnvelope } from './types';

const logger = pino({ level: 'silent' });

function event(type: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), aggregateId: 'a1', aggregateVersion: 1, data };
}

const fastBus = (extra: Partial<ConstructorParameters<typeof LocalEventBus>[0]> = {}) => new LocalEventBus({ logger, retryBaseMs: 5, retryMaxMs: 40, ...extra });

describe('LocalEventBus', () => {
  test('delivers to every subscription whose filter matches, wildcards included', async () => {
    const bus = fastBus();
    const got: Record<string, string[]> = { exact: [], star: [], tail: [], other: [] };
    await bus.subscribe({ consumer: 'exact', subjects: ['accounts.user.signed_up'], handler: async (e) => void got.exact!.push(e.type) });
    await bus.subscribe({ consumer: 'star', subjects: ['accounts.user.*'], handler: async (e) => void got.star!.push(e.type) });
    await bus.subscribe({ consumer: 'tail', subjects: ['accounts.>'], handler: async (e) => void got.tail!.push(e.type) });
    await bus.subscribe({ consumer: 'other', subjects: ['listings.>'], handler: async (e) => void got.other!.push(e.type) });
    await bus.publish(event('accounts.user.signed_up'));
    await bus.publish(event('accounts.brand.created'));
    expect(got).toEqual({
      exact: ['accounts.user.signed_up'],
      star: ['accounts.user.signed_up'],
      tail: ['accounts.user.signed_up', 'accounts.brand.created'],
      other: [],
    });
    await bus.close();
  });

  test('publish resolves only after the handler has finished', async () => {
    const bus = fastBus();
    let done = false;
    await bus.subscribe({
      consumer: 'slow',
      subjects: ['orders.>'],
      handler: async () => {
        await new Promise((r) => setTimeout(r, 30));
        done = true;
      },
    });
    await bus.publish(event('orders.order.purchased'));
    expect(done).toBe(true);
    await bus.close();
  });

  test('per subscription in order; subscriptions run concurrently', async () => {
    const bus = fastBus();
    const seen: number[] = [];
    let active = 0;
    let maxActive = 0;
    await bus.subscribe({
      consumer: 'ordered',
      subjects: ['orders.order.*'],
      handler: async (e) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, (e.data as { n: number }).n % 2 === 0 ? 15 : 1));
        seen.push((e.data as { n: number }).n);
        active--;
      },
    });
    const slowOther = new Promise<void>((resolve) => {
      void bus.subscribe({
        consumer: 'other',
        subjects: ['orders.order.*'],
        handler: async (e) => {
          if ((e.data as { n: number }).n === 0) await new Promise((r) => setTimeout(r, 60));
          resolve();
        },
      });
    });
    const started = Date.now();
    await Promise.all([0, 1, 2, 3, 4].map((n) => bus.publish(event('orders.order.changed', { n }))));
    await slowOther;
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(maxActive).toBe(1);
    // 3 slow deliveries (45 ms) ran alongside the other subscription's 60 ms: concurrent, not summed.
    expect(Date.now() - started).toBeLessThan(100 + 45);
    await bus.close();
  });

  test('a failing handler is retried with backoff until it succeeds', async () => {
    const bus = fastBus();
    const attempts: number[] = [];
    await bus.subscribe({
      consumer: 'flaky',
      subjects: ['payments.>'],
      handler: async () => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error('database blip');
      },
    });
    await bus.publish(event('payments.intent.succeeded'));
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(4);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(9);
    expect(bus.deadLetters()).toEqual([]);
    await bus.close();
  });

  test('TransientError.retryAfterMs is honoured, capped at retryMaxMs', async () => {
    const bus = fastBus({ retryMaxMs: 100 });
    const at: number[] = [];
    await bus.subscribe({
      consumer: 'transient',
      subjects: ['shipping.>'],
      handler: async () => {
        at.push(Date.now());
        if (at.length === 1) throw new TransientError('3PL busy', 60);
        if (at.length === 2) throw new TransientError('3PL busy', 60_000);
      },
    });
    await bus.publish(event('shipping.order.created'));
    expect(at).toHaveLength(3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(55);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(95);
    expect(at[2]! - at[1]!).toBeLessThan(1000);
    await bus.close();
  });

  test('dead-letters after maxDeliver attempts; publish still resolves and the next event flows', async () => {
    const bus = fastBus();
    let calls = 0;
    const handled: string[] = [];
    await bus.subscribe({
      consumer: 'poison',
      subjects: ['listings.>'],
      maxDeliver: 3,
      handler: async (e) => {
        if (e.type === 'listings.listing.bad') {
          calls++;
          throw new Error('cannot parse listing');
        }
        handled.push(e.type);
      },
    });
    const bad = event('listings.listing.bad');
    await bus.publish(bad);
    await bus.publish(event('listings.listing.ok'));
    expect(calls).toBe(3);
    expect(handled).toEqual(['listings.listing.ok']);
    const dead = bus.deadLetters();
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ consumer: 'poison', subject: 'listings.listing.bad', deliveries: 3, error: 'Error: cannot parse listing', event: { id: bad.id } });
    await bus.close();
  });

  test('the same event id published twice within the window is delivered once', async () => {
    const bus = fastBus();
    let calls = 0;
    await bus.subscribe({ consumer: 'dedup', subjects: ['cart.>'], handler: async () => void calls++ });
    const e = event('cart.cart.updated');
    await Promise.all([bus.publish(e), bus.publish(e)]);
    await bus.publish({ ...e });
    expect(calls).toBe(1);
    await bus.close();
  });

  test('after the window the same id is delivered again (consumers dedupe through their inbox)', async () => {
    const bus = fastBus({ dedupWindowMs: 20 });
    let calls = 0;
    await bus.subscribe({ consumer: 'dedup', subjects: ['cart.>'], handler: async () => void calls++ });
    const e = event('cart.cart.updated');
    await bus.publish(e);
    await new Promise((r) => setTimeout(r, 30));
    await bus.publish(e);
    expect(calls).toBe(2);
    await bus.close();
  });

  test('an event published before a consumer subscribed is replayed to it', async () => {
    const bus = fastBus();
    const e = event('accounts.user.signed_up');
    await bus.publish(e);
    const got = new Promise<EventEnvelope>((resolve) => {
      void bus.subscribe({ consumer: 'late', subjects: ['accounts.user.*'], handler: async (ev) => resolve(ev) });
    });
    expect((await got).id).toBe(e.id);
    await bus.close();
  });

  test('each consumer gets its own copy of the event', async () => {
    const bus = fastBus();
    const seen: unknown[] = [];
    await bus.subscribe({
      consumer: 'mutator',
      subjects: ['orders.>'],
      handler: async (e) => {
        (e.data as { n: number }).n = 99;
      },
    });
    await bus.subscribe({ consumer: 'reader', subjects: ['orders.>'], handler: async (e) => void seen.push(e.data) });
    await bus.publish(event('orders.order.placed', { n: 1 }));
    expect(seen).toEqual([{ n: 1 }]);
    await bus.close();
  });

  test('stopping a subscription mid-retry rejects the publish, so the outbox keeps the row', async () => {
    const bus = fastBus({ retryBaseMs: 1000, retryMaxMs: 1000 });
    let calls = 0;
    const sub = await bus.subscribe({
      consumer: 'stopping',
      subjects: ['orders.>'],
      handler: async () => {
        calls++;
        throw new Error('down');
      },
    });
    const published = bus.publish(event('orders.order.placed'));
    await new Promise((r) => setTimeout(r, 10));
    await sub.stop();
    await expect(published).rejects.toThrow(/stopped before handling/);
    expect(calls).toBe(1);
    await bus.close();
    await expect(bus.publish(event('orders.order.placed'))).rejects.toThrow(/closed/);
  });

  test('a re-publish after a failed publish delivers only to consumers that had not handled it', async () => {
    const bus = fastBus({ retryBaseMs: 1000, retryMaxMs: 1000 });
    let okCalls = 0;
    await bus.subscribe({ consumer: 'ok', subjects: ['orders.>'], handler: async () => void okCalls++ });
    const failing = await bus.subscribe({ consumer: 'failing', subjects: ['orders.>'], handler: async () => Promise.reject(new Error('down')) });
    const e = event('orders.order.placed');
    const first = bus.publish(e);
    await new Promise((r) => setTimeout(r, 10));
    await failing.stop();
    await expect(first).rejects.toThrow();
    let retried = 0;
    await bus.subscribe({ consumer: 'failing', subjects: ['orders.>'], handler: async () => void retried++ });
    await bus.publish(e);
    expect(okCalls).toBe(1);
    expect(retried).toBe(1);
    await bus.close();
  });

  test('refuses invalid subscriptions and envelopes', async () => {
    const bus = fastBus();
    const handler = async () => undefined;
    await expect(bus.subscribe({ consumer: 'bad name', subjects: ['a.b'], handler })).rejects.toThrow(/consumer name/);
    await expect(bus.subscribe({ consumer: 'c', subjects: ['a.>', 'a.b'], handler })).rejects.toThrow(/overlap/);
    await expect(bus.subscribe({ consumer: 'c', subjects: ['a.b'], handler, maxDeliver: 0 })).rejects.toThrow(/maxDeliver/);
    await bus.subscribe({ consumer: 'c', subjects: ['a.b'], handler });
    await expect(bus.subscribe({ consumer: 'c', subjects: ['a.c'], handler })).rejects.toThrow(/already subscribed/);
    await expect(bus.publish(event('a.*'))).rejects.toThrow(/not a valid subject/);
    await bus.close();
  });

  test('scope(): a service handle closes only its own subscriptions', async () => {
    const bus = fastBus();
    const identity = bus.scope();
    const notifications = bus.scope();
    const got: string[] = [];
    await identity.subscribe({ consumer: 'identity-x', subjects: ['orders.>'], handler: async () => void got.push('identity') });
    await notifications.subscribe({ consumer: 'notifications-x', subjects: ['orders.>'], handler: async () => void got.push('notifications') });
    await identity.close();
    await notifications.publish(event('orders.order.placed'));
    expect(got).toEqual(['notifications']);
    await expect(identity.publish(event('orders.order.placed'))).rejects.toThrow(/closed/);
    await bus.close();
  });
});
